import { ApiError, ErrorCode } from '@chainwire/core';

/**
 * A decider's refusal of a command. It is an ApiError, so an API command answers with it as it is
 * (envelope code and status, docs/architecture.md §7); internal callers (the circuit breaker, the
 * dispatcher) take it as "nothing to do" by its class.
 */
export class CommandRefusedError extends ApiError {
  constructor(message: string, code: string = ErrorCode.CONFLICT, status = 409) {
    super(status, code, message);
    this.name = 'CommandRefusedError';
  }
}
