import { status } from '@grpc/grpc-js';

/** How a call in progress is ended from the server side. */
export interface OpenCall {
  readonly kind: 'append' | 'read';
  end(code: status, details: string): void;
}

/**
 * The calls the fixture is serving, so that a stop or a dropped subscription can end each of them with a
 * status instead of leaving the client waiting (docs/architecture.md §10).
 */
export class OpenCalls {
  private readonly calls = new Set<OpenCall>();

  add(call: OpenCall): () => void {
    this.calls.add(call);
    return () => this.calls.delete(call);
  }

  /**
   * Ends the calls with UNAVAILABLE, the status a client sees when the node goes away under a call (the
   * client maps gRPC 14 to its UnavailableError and reconnects).
   */
  endAll(details: string, kind?: OpenCall['kind']): void {
    for (const call of [...this.calls]) {
      if (kind && call.kind !== kind) continue;
      this.calls.delete(call);
      call.end(status.UNAVAILABLE, details);
    }
  }
}
