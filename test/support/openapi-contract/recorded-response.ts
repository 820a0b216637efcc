/** One answer the service gave, as the contract check validates it against the OpenAPI document. */
export interface RecordedResponse {
  /** Upper case, as sent. */
  readonly method: string;
  /**
   * The route template that matched (Fastify's `/api/x/:id`); undefined when no route matched (the
   * router's 404) or when recorded outside the server, where only `path` is known.
   */
  readonly route: string | undefined;
  /** The concrete path, without the query string. */
  readonly path: string;
  readonly status: number;
  /** The Content-Type header, parameters included; undefined when none was sent. */
  readonly contentType: string | undefined;
  /** The body text; undefined when streamed (not captured). */
  readonly body: string | undefined;
  /** True when the recorder saw no route match (a 404 for a path the app does not serve). */
  readonly unrouted: boolean;
}
