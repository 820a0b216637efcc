/** Where the document's component schemas are registered with ajv; `$ref`s are rewritten to point here. */
export const COMPONENTS_SCHEMA_ID = 'openapi-components.json';

const COMPONENT_REF = '#/components/schemas/';
/** OpenAPI-only keywords that say nothing about validity (ajv's strict mode would reject them). */
const OPENAPI_ANNOTATIONS = new Set(['example', 'xml', 'externalDocs', 'discriminator']);
const SUBSCHEMA = ['items', 'additionalProperties', 'not', 'propertyNames', 'contains', 'if', 'then', 'else'];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const COMBINERS = ['allOf', 'anyOf', 'oneOf'];

type Schema = Record<string, unknown>;

export interface ConversionOptions {
  readonly version: '3.0' | '3.1';
  /**
   * Object schemas that list `properties` and say nothing of `additionalProperties` reject undeclared
   * properties: a field the service sends that the document does not describe is a gap in the
   * document. Not applied where closing would reject valid answers: an `allOf` member (its siblings
   * declare the rest) or an object that combines subschemas itself.
   */
  readonly closeObjects: boolean;
}

/**
 * An OpenAPI schema object as JSON Schema for ajv: in 3.0, `nullable` becomes a `null` type (or enum
 * member, or alternative), boolean `exclusiveMinimum`/`exclusiveMaximum` the numeric form, and a `$ref`'s
 * siblings are dropped as 3.0 ignores them; in both versions component `$ref`s point at
 * COMPONENTS_SCHEMA_ID and OpenAPI-only annotations and `x-` extensions are removed. Only schema
 * positions are rewritten: a property named `nullable` or an enum value is left alone.
 */
export function jsonSchemaFromOpenApi(schema: unknown, options: ConversionOptions, closable = true): unknown {
  if (typeof schema === 'boolean') return schema;
  if (!isSchema(schema)) return schema;
  const { version } = options;
  if (typeof schema.$ref === 'string' && version === '3.0') return { $ref: rewriteRef(schema.$ref) };
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (OPENAPI_ANNOTATIONS.has(key) || key.startsWith('x-')) continue;
    if (key === '$ref' && typeof value === 'string') out[key] = rewriteRef(value);
    else if (SUBSCHEMA.includes(key)) out[key] = jsonSchemaFromOpenApi(value, options);
    else if (SUBSCHEMA_LISTS.includes(key) && Array.isArray(value))
      out[key] = value.map((s) => jsonSchemaFromOpenApi(s, options, key !== 'allOf'));
    else if (SUBSCHEMA_MAPS.includes(key) && isSchema(value))
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, s]) => [name, jsonSchemaFromOpenApi(s, options)]),
      );
    else out[key] = value;
  }
  if (options.closeObjects && closable && isOpenObject(out)) out.additionalProperties = false;
  return version === '3.0' ? fromOpenApi30(out) : out;
}

/** Component schemas used directly as `allOf` members anywhere in the document: left open. */
export function allOfMemberComponents(document: unknown): Set<string> {
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isSchema(node)) return;
    if (Array.isArray(node.allOf)) {
      for (const member of node.allOf) {
        const ref = isSchema(member) ? member.$ref : undefined;
        if (typeof ref === 'string' && ref.startsWith(COMPONENT_REF))
          names.add(ref.slice(COMPONENT_REF.length));
      }
    }
    Object.values(node).forEach(visit);
  };
  visit(document);
  return names;
}

function isOpenObject(schema: Schema): boolean {
  return (
    isSchema(schema.properties) &&
    schema.additionalProperties === undefined &&
    schema.patternProperties === undefined &&
    (schema.type === undefined || schema.type === 'object') &&
    !COMBINERS.some((k) => k in schema)
  );
}

function fromOpenApi30(schema: Schema): Schema {
  const { nullable, ...rest } = schema;
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof rest[flag] !== 'boolean') continue;
    if (rest[flag] && typeof rest[bound] === 'number') {
      rest[flag] = rest[bound];
      delete rest[bound];
    } else delete rest[flag];
  }
  if (nullable !== true) return rest;
  if (Array.isArray(rest.enum) && !rest.enum.includes(null)) rest.enum = [...rest.enum, null];
  if (typeof rest.type === 'string') return { ...rest, type: [rest.type, 'null'] };
  if (Array.isArray(rest.type))
    return rest.type.includes('null') ? rest : { ...rest, type: [...rest.type, 'null'] };
  if (Array.isArray(rest.enum)) return rest;
  return { anyOf: [rest, { type: 'null' }] };
}

function rewriteRef(ref: string): string {
  return ref.startsWith(COMPONENT_REF)
    ? `${COMPONENTS_SCHEMA_ID}#/$defs/${ref.slice(COMPONENT_REF.length)}`
    : ref;
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
