/**
 * What a refusal is, as the domain sees it. The exception filter answers each kind with one HTTP status
 * (`REFUSAL_STATUS`, docs/architecture.md §7); a decider never names a status.
 */
export type RefusalKind = 'CONFLICT' | 'NOT_FOUND';

export interface Refusal {
  /** Default CONFLICT: the command does not fit the aggregate's state. */
  readonly kind?: RefusalKind;
  /** The envelope code clients branch on; default the kind itself. */
  readonly code?: string;
  /** Goes to the envelope's `data`; default null. */
  readonly details?: unknown;
}

/**
 * A decider's refusal of a command (docs/architecture.md §7). It carries no HTTP status: an API command
 * lets it propagate and the exception filter answers it; internal callers (the webhooks circuit breaker
 * and dispatcher) take it as "nothing to do" by its class. Its message is shown to the client as it is.
 */
export class CommandRefusedError extends Error {
  readonly kind: RefusalKind;
  readonly code: string;
  readonly details: unknown;

  constructor(message: string, refusal: Refusal = {}) {
    super(message);
    this.name = 'CommandRefusedError';
    this.kind = refusal.kind ?? 'CONFLICT';
    this.code = refusal.code ?? this.kind;
    this.details = refusal.details ?? null;
  }
}
