import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { parseForValidation } from './exact-json';
import {
  allOfMemberComponents,
  COMPONENTS_SCHEMA_ID,
  type ConversionOptions,
  jsonSchemaFromOpenApi,
} from './json-schema-from-openapi';
import { findOperation, type OpenApiDocument } from './openapi-paths';
import type { RecordedResponse } from './recorded-response';

/** Why one answer does not conform to the document. */
export interface ContractViolation {
  readonly response: RecordedResponse;
  /** `GET /api/x/{id}` as the document names it, or the method and route/path when it has none. */
  readonly operation: string;
  readonly problem: string;
}

export type Verdict =
  | { readonly outcome: 'conforms' }
  | { readonly outcome: 'skipped'; readonly reason: string }
  | { readonly outcome: 'violates'; readonly violation: ContractViolation };

export interface ResponseValidator {
  validate(response: RecordedResponse): Verdict;
}

/** serveApiDocs' routes (Swagger UI, its assets and the document), under createHttpApp's docs path. */
const DOCS_ROUTES = /^\/docs(?:\/|$)/;

// The OpenAPI formats ajv-formats does not define; numeric ones check what they can.
const OPENAPI_FORMATS = {
  int32: { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 },
  int64: { type: 'number', validate: (n: number) => Number.isInteger(n) },
  float: { type: 'number', validate: () => true },
  double: { type: 'number', validate: () => true },
  byte: /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/,
  binary: true,
  password: true,
} as const;

/**
 * Validates answers against an OpenAPI 3.0 or 3.1 document: the operation must list the answer's status
 * (exactly, or its `4XX`-style range — `default` does not count: every status an operation answers is to
 * be declared), declare its content type, and a JSON body must satisfy the declared schema. Types are
 * not coerced: a string where an integer is declared fails. With `closeObjects` (the default) a
 * property the document does not declare fails too (see ConversionOptions).
 */
export function createResponseValidator(
  document: OpenApiDocument,
  { closeObjects = true }: { closeObjects?: boolean } = {},
): ResponseValidator {
  const version = document.openapi.startsWith('3.1') ? '3.1' : '3.0';
  const conversion: ConversionOptions = { version, closeObjects };
  const openComponents = allOfMemberComponents(document);
  const options = {
    allErrors: true,
    strict: true,
    strictTypes: false,
    strictTuples: false,
    allowUnionTypes: true,
  };
  const ajv = version === '3.1' ? new Ajv2020(options) : new Ajv(options);
  addFormats(ajv);
  for (const [name, format] of Object.entries(OPENAPI_FORMATS)) ajv.addFormat(name, format as never);
  const components = Object.fromEntries(
    Object.entries(document.components?.schemas ?? {}).map(([name, s]) => [
      name,
      jsonSchemaFromOpenApi(s, conversion, !openComponents.has(name)),
    ]),
  );
  ajv.addSchema({ $id: COMPONENTS_SCHEMA_ID, $defs: components });
  const compiled = new Map<string, ValidateFunction | Error>();
  const compile = (key: string, schema: unknown): ValidateFunction | Error => {
    let validate = compiled.get(key);
    if (!validate) {
      try {
        validate = ajv.compile(jsonSchemaFromOpenApi(schema, conversion) as object);
      } catch (error) {
        validate = error as Error;
      }
      compiled.set(key, validate);
    }
    return validate;
  };

  return {
    validate(response) {
      const match = findOperation(document, response.method, response.route, response.path);
      if (!match) {
        // The docs routes serve the document itself; they are not operations in it.
        if (DOCS_ROUTES.test(response.route ?? response.path))
          return { outcome: 'skipped', reason: 'the docs routes' };
        // A path no route serves is not an operation: the router's 404 is not under contract.
        if (response.unrouted && response.status === 404)
          return { outcome: 'skipped', reason: 'no route matched' };
        const where = response.route ?? response.path;
        return violates(response, `${response.method} ${where}`, 'the document has no such operation');
      }
      const name = `${match.method.toUpperCase()} ${match.path}`;
      const responses = (match.operation.responses ?? {}) as Record<string, unknown>;
      const statusKey = [String(response.status), `${String(response.status)[0]}XX`].find(
        (k) => k in responses,
      );
      if (!statusKey) {
        const listed = Object.keys(responses).join(', ') || 'none';
        return violates(
          response,
          name,
          `status ${response.status} is not listed (the document lists ${listed})`,
        );
      }
      // A HEAD answer carries the GET operation's headers without its body.
      if (response.method === 'HEAD') return { outcome: 'conforms' };
      const declared = resolveResponse(document, responses[statusKey]);
      const content = declared.content as Record<string, { schema?: unknown }> | undefined;
      const body = response.body;
      if (!content || Object.keys(content).length === 0) {
        return body === '' || body === undefined
          ? { outcome: 'conforms' }
          : violates(response, name, `${response.status} declares no body, the answer has one`);
      }
      const mediaType = mediaTypeOf(response.contentType);
      const declaredType = Object.keys(content).find((t) => t === mediaType || t === '*/*');
      if (!declaredType) {
        return violates(
          response,
          name,
          `${response.status} content type ${mediaType ?? '(none)'} is not declared (declared: ${Object.keys(content).join(', ')})`,
        );
      }
      if (!isJson(mediaType) || body === undefined) return { outcome: 'conforms' };
      const schema = content[declaredType].schema;
      if (schema === undefined)
        return violates(response, name, `${response.status} ${declaredType} has no body schema`);
      const validate = compile(`${name} ${statusKey} ${declaredType}`, schema);
      if (validate instanceof Error) {
        return violates(
          response,
          name,
          `the ${response.status} schema does not compile: ${validate.message}`,
        );
      }
      let value: unknown;
      try {
        value = parseForValidation(body);
      } catch (error) {
        return violates(response, name, `${response.status} body is not JSON: ${(error as Error).message}`);
      }
      if (validate(value)) return { outcome: 'conforms' };
      return violates(response, name, `${response.status} body: ${describeErrors(validate.errors ?? [])}`);
    },
  };
}

function violates(response: RecordedResponse, operation: string, problem: string): Verdict {
  return { outcome: 'violates', violation: { response, operation, problem } };
}

function resolveResponse(document: OpenApiDocument, declared: unknown): Record<string, unknown> {
  const ref = (declared as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/responses/')) {
    return resolveResponse(
      document,
      document.components?.responses?.[ref.slice('#/components/responses/'.length)] ?? {},
    );
  }
  return declared as Record<string, unknown>;
}

function mediaTypeOf(contentType: string | undefined): string | undefined {
  return contentType?.split(';')[0].trim().toLowerCase();
}

function isJson(mediaType: string | undefined): boolean {
  return mediaType !== undefined && (mediaType === 'application/json' || mediaType.endsWith('+json'));
}

function describeErrors(errors: readonly ErrorObject[]): string {
  return errors
    .slice(0, 5)
    .map(
      (e) =>
        `${e.instancePath || '/'} ${e.message ?? e.keyword}${e.params && 'allowedValues' in e.params ? ` ${JSON.stringify(e.params.allowedValues)}` : ''}${e.keyword === 'additionalProperties' ? ` (${String((e.params as { additionalProperty?: string }).additionalProperty)})` : ''}`,
    )
    .join('; ')
    .concat(errors.length > 5 ? `; … ${errors.length - 5} more` : '');
}
