import type { SchemaObject } from '@nestjs/swagger';
import { z } from 'zod';

/**
 * Which side of a schema the document shows: a request as the client writes it (`input`: defaults
 * optional, coercions as their source), a response as the service writes it (`output`).
 */
export type SchemaSide = 'input' | 'output';

const COMPONENT_PREFIX = '#/components/schemas/';
/** zod's OpenAPI 3.0 output names the shapes carrying `.meta({ id })` under `definitions`. */
const DEFINITIONS_PREFIX = '#/definitions/';

/**
 * The named shapes (`.meta({ id })`) every converted schema referred to, for the document's
 * `components.schemas`. One name, one shape: a second, different shape under a taken name throws.
 */
const components = new Map<string, { json: string; schema: SchemaObject }>();

export function namedComponents(): Record<string, SchemaObject> {
  return Object.fromEntries([...components].map(([name, { schema }]) => [name, schema]));
}

/**
 * The OpenAPI 3.0 schema of a zod schema, from zod's own JSON Schema output. Exact integers (bigint in
 * code, every digit on the wire, docs/architecture.md §7) are `integer`; `.meta({type})` on a schema
 * states what zod cannot infer (a transform's input, an exact decimal literal). A response object does
 * not forbid other properties: a client reading an answer must tolerate fields added later. Shapes
 * with an id become components, referred to by `$ref`.
 */
export function openApiSchema(schema: z.ZodType, side: SchemaSide): SchemaObject {
  const json = z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io: side,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema._zod.def.type === 'bigint' && jsonSchema.type === undefined) jsonSchema.type = 'integer';
      if (side === 'output' && jsonSchema.additionalProperties === false)
        delete jsonSchema.additionalProperties;
    },
  }) as Record<string, unknown>;
  delete json.$schema;
  const definitions = (json.definitions ?? {}) as Record<string, SchemaObject>;
  delete json.definitions;
  const named = new Map<string, SchemaObject>();
  const shapeOf = (name: string) => named.get(name) ?? components.get(name)?.schema;
  for (const [name, definition] of Object.entries(definitions)) {
    named.set(name, pointRefsAtComponents(definition) as SchemaObject);
  }
  for (const [name, definition] of named)
    register(name, inlineNullableRefs(definition, shapeOf) as SchemaObject);
  return inlineNullableRefs(pointRefsAtComponents(json), shapeOf) as SchemaObject;
}

/**
 * zod writes a nullable named shape as `{nullable: true, allOf: [{$ref}]}`. In OpenAPI 3.0 `nullable`
 * does not reach into `allOf`, so null would fail the referenced shape, and a `nullable` needs a
 * `type` beside it: the shape is written in place instead, nullable.
 */
function inlineNullableRefs(value: unknown, shapeOf: (name: string) => SchemaObject | undefined): unknown {
  if (Array.isArray(value)) return value.map((v) => inlineNullableRefs(v, shapeOf));
  if (value === null || typeof value !== 'object') return value;
  const node = Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, inlineNullableRefs(inner, shapeOf)]),
  ) as Record<string, unknown>;
  const allOf = node.allOf as { $ref?: string }[] | undefined;
  const ref = allOf?.length === 1 ? allOf[0]!.$ref : undefined;
  const shape = node.nullable === true && ref ? shapeOf(ref.slice(COMPONENT_PREFIX.length)) : undefined;
  if (!shape) return node;
  const { allOf: _ref, ...rest } = node;
  return { ...(inlineNullableRefs(shape, shapeOf) as SchemaObject), ...rest };
}

function register(name: string, schema: SchemaObject): void {
  const json = JSON.stringify(schema);
  const known = components.get(name);
  if (known && known.json !== json) throw new Error(`Two different schemas are named ${name}`);
  components.set(name, { json, schema });
}

function pointRefsAtComponents(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pointRefsAtComponents);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) =>
      key === '$ref' && typeof inner === 'string' && inner.startsWith(DEFINITIONS_PREFIX)
        ? [key, COMPONENT_PREFIX + inner.slice(DEFINITIONS_PREFIX.length)]
        : [key, pointRefsAtComponents(inner)],
    ),
  );
}
