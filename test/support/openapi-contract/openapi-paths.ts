/** The parts of an OpenAPI document the contract check reads; 3.0 and 3.1 share them. */
export interface OpenApiDocument {
  readonly openapi: string;
  readonly paths: Record<string, Record<string, unknown>>;
  readonly components?: { schemas?: Record<string, unknown>; responses?: Record<string, unknown> };
}

export interface OperationMatch {
  /** The document's path key, e.g. `/api/x/{id}`. */
  readonly path: string;
  /** Lower case, as the document's path item keys it. */
  readonly method: string;
  readonly operation: Record<string, unknown>;
}

/** Fastify's `/api/x/:id` (and `:id(regex)`) as OpenAPI writes it: `/api/x/{id}`. */
export function toOpenApiPath(fastifyRoute: string): string {
  return fastifyRoute.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, '{$1}');
}

/**
 * The document's operation for an answer: by the matched route template first, then by the concrete
 * path against the document's templates (a document may write a path parameter with one allowed value
 * into its path, and answers recorded outside the server know only the path). HEAD falls back to GET,
 * whose route Fastify also serves for HEAD.
 */
export function findOperation(
  document: OpenApiDocument,
  method: string,
  route: string | undefined,
  path: string,
): OperationMatch | undefined {
  const methods = method.toLowerCase() === 'head' ? ['head', 'get'] : [method.toLowerCase()];
  const candidates = [
    ...(route === undefined ? [] : [toOpenApiPath(route)]),
    ...Object.keys(document.paths).filter((template) => pathMatches(template, path)),
  ];
  for (const candidate of candidates) {
    const item = document.paths[candidate];
    for (const m of methods) {
      const operation = item?.[m];
      if (operation && typeof operation === 'object') {
        return { path: candidate, method: m, operation: operation as Record<string, unknown> };
      }
    }
  }
  return undefined;
}

/** True when `path` is an instance of the OpenAPI path `template` (each `{name}` one non-empty segment). */
export function pathMatches(template: string, path: string): boolean {
  const templateSegments = template.split('/');
  const pathSegments = path.split('/');
  if (templateSegments.length !== pathSegments.length) return false;
  return templateSegments.every((segment, i) => {
    const actual = pathSegments[i];
    if (/^\{[^}]+\}$/.test(segment)) return actual.length > 0;
    return segment === actual || segment === safeDecode(actual) || safeDecode(segment) === safeDecode(actual);
  });
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
