import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiParam, ApiQuery } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger';
import type { z } from 'zod';
import { openApiSchema } from './zod-to-openapi';

/** A request body, from the zod schema its pipe validates with (as the client writes it). */
export function ApiZodBody(schema: z.ZodType, description?: string): MethodDecorator {
  return ApiBody({ required: true, schema: openApiSchema(schema, 'input'), description });
}

/** One query parameter per property of the zod object its pipe validates the query with. */
export function ApiZodQuery(schema: z.ZodType): MethodDecorator {
  return applyDecorators(
    ...objectProperties(schema).map(({ name, required, property }) =>
      ApiQuery({ name, required, ...parameterParts(property) }),
    ),
  );
}

/** One path parameter per property of a zod object (path parameters are always required). */
export function ApiZodParams(schema: z.ZodType): MethodDecorator {
  return applyDecorators(
    ...objectProperties(schema).map(({ name, property }) =>
      ApiParam({ name, required: true, ...parameterParts(property) }),
    ),
  );
}

interface Property {
  name: string;
  required: boolean;
  property: SchemaObject;
}

function objectProperties(schema: z.ZodType): Property[] {
  const json = openApiSchema(schema, 'input');
  if (json.type !== 'object' || !json.properties) {
    throw new Error('Parameters come from a zod object schema');
  }
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties).map(([name, property]) => ({
    name,
    required: required.has(name),
    property: property as SchemaObject,
  }));
}

/** The parameter's description and example stand beside its schema, where documentation tools show them. */
function parameterParts(property: SchemaObject): {
  schema: SchemaObject;
  description?: string;
  example?: unknown;
} {
  const { description, example, ...schema } = property;
  return {
    schema,
    ...(description === undefined ? {} : { description }),
    ...(example === undefined ? {} : { example }),
  };
}
