import type { OpenAPIObject, ParameterObject, ReferenceObject, SchemaObject } from '@nestjs/swagger';
import { errorEnvelopeSchema } from '../envelope-schema';
import { ERROR_ENVELOPE_COMPONENT } from './error-envelope-ref';
import { namedComponents, openApiSchema } from './zod-to-openapi';

export interface DocumentCompletion {
  /** Where clients reach the API; empty → `/` (the document's own origin). */
  servers?: { url: string; description?: string }[];
  /** The operation groups, in the order shown, each with what it covers. */
  tags?: { name: string; description: string }[];
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/**
 * What the controllers' decorators cannot state: the shared error envelope every error answer refers
 * to, the servers, the declared tags, and each path parameter with a single allowed value written into
 * its path (the route serves `/api/chain/{chain}/…`, the interface names the one chain it serves).
 */
export function completeDocument(document: OpenAPIObject, completion: DocumentCompletion): OpenAPIObject {
  document.components ??= {};
  document.components.schemas = referencedOnly(document.paths, {
    ...document.components.schemas,
    ...namedComponents(),
    [ERROR_ENVELOPE_COMPONENT]: openApiSchema(errorEnvelopeSchema, 'output'),
  });
  document.servers = completion.servers?.length ? completion.servers : [{ url: '/' }];
  document.paths = inlineSingleValuePathParameters(document.paths);
  const used = new Set(
    Object.values(document.paths).flatMap((item) =>
      HTTP_METHODS.flatMap((method) => item[method]?.tags ?? []),
    ),
  );
  const described = (completion.tags ?? []).filter((t) => used.has(t.name));
  const undescribed = [...used].filter((name) => !described.some((t) => t.name === name)).sort();
  document.tags = [...described, ...undescribed.map((name) => ({ name }))];
  return document;
}

function inlineSingleValuePathParameters(paths: OpenAPIObject['paths']): OpenAPIObject['paths'] {
  const result: OpenAPIObject['paths'] = {};
  for (const [path, item] of Object.entries(paths)) {
    let concrete = path;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation?.parameters) continue;
      operation.parameters = (operation.parameters as ParameterObject[]).filter((parameter) => {
        const value = singleValue(parameter);
        if (value === undefined) return true;
        concrete = concrete.replace(`{${parameter.name}}`, encodeURIComponent(value));
        return false;
      });
    }
    result[concrete] = item;
  }
  return result;
}

function singleValue(parameter: ParameterObject): string | undefined {
  const values = (parameter.schema as SchemaObject | undefined)?.enum;
  return parameter.in === 'path' && values?.length === 1 && typeof values[0] === 'string'
    ? values[0]
    : undefined;
}

/**
 * The components the paths refer to, directly or through other components: the named shapes are
 * collected from every converted schema, including shapes this document's operations do not use
 * or only use written in place (a nullable shape).
 */
function referencedOnly(
  paths: OpenAPIObject['paths'],
  schemas: Record<string, SchemaObject | ReferenceObject>,
): Record<string, SchemaObject | ReferenceObject> {
  const kept = new Map<string, SchemaObject | ReferenceObject>();
  const pending = [...refsIn(paths)];
  while (pending.length > 0) {
    const name = pending.pop()!;
    const schema = schemas[name];
    if (kept.has(name) || !schema) continue;
    kept.set(name, schema);
    pending.push(...refsIn(schema));
  }
  return Object.fromEntries([...kept].sort(([a], [b]) => a.localeCompare(b)));
}

function refsIn(value: unknown): string[] {
  const text = JSON.stringify(value);
  return [...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!);
}
