import type { EventLog, LoggedEvent, ProposedEvent } from './event-log';

export type ExpectedState =
  | { readonly kind: 'any' }
  | { readonly kind: 'no_stream' }
  | { readonly kind: 'stream_exists' }
  | { readonly kind: 'revision'; readonly revision: bigint };

export type AppendDecision =
  /** Write the events after the stream's current revision. */
  | { readonly kind: 'write' }
  /**
   * The events are already in the stream: nothing is written and the reply reports the revision and
   * position of the *original* write's last event (the server's "already committed" answer), not the
   * stream's current head if later events followed. An empty append reports the stream's head.
   */
  | { readonly kind: 'already_written'; readonly last: LoggedEvent | undefined }
  | { readonly kind: 'wrong_expected_version'; readonly current: bigint | undefined };

/**
 * The server's commit check (KurrentDB "Optimistic concurrency & idempotence" docs):
 * - `any`: an event id already stored in the SAME stream within the in-memory window is not written
 *   again. The window is memory only, so after a restart the same events are written a second time; an
 *   id stored in another stream does not count. When only the first events of the append were stored
 *   before, the server cannot tell which half is new and refuses it as a wrong expected version.
 * - an exact revision (and `no_stream`, revision -1): the append succeeds when the stream is at that
 *   revision; when the stream is already further and its next events carry the same ids, the retry is
 *   idempotent. That check reads the stream itself, so it survives a restart.
 * - `stream_exists`: refused while the stream has no events, otherwise as `any`.
 */
export function decideAppend(
  log: EventLog,
  streamId: string,
  expected: ExpectedState,
  proposed: readonly ProposedEvent[],
): AppendDecision {
  const current = log.lastRevision(streamId);
  switch (expected.kind) {
    case 'any':
      return decideByWindow(log, streamId, proposed, current);
    case 'stream_exists':
      return current === undefined
        ? { kind: 'wrong_expected_version', current }
        : decideByWindow(log, streamId, proposed, current);
    case 'no_stream':
      return decideAtRevision(log, streamId, -1n, proposed, current);
    case 'revision':
      return decideAtRevision(log, streamId, expected.revision, proposed, current);
  }
}

function decideByWindow(
  log: EventLog,
  streamId: string,
  proposed: readonly ProposedEvent[],
  current: bigint | undefined,
): AppendDecision {
  if (proposed.length === 0) return { kind: 'already_written', last: lastEvent(log, streamId) };
  const first = log.recentlyAppended(streamId, proposed[0].id);
  if (!first) return { kind: 'write' };
  const stored = log.stream(streamId) ?? [];
  const matches = proposed.every((event, i) => stored[Number(first.revision) + i]?.id === event.id);
  return matches
    ? { kind: 'already_written', last: stored[Number(first.revision) + proposed.length - 1] }
    : { kind: 'wrong_expected_version', current };
}

function decideAtRevision(
  log: EventLog,
  streamId: string,
  expected: bigint,
  proposed: readonly ProposedEvent[],
  current: bigint | undefined,
): AppendDecision {
  const head = current ?? -1n;
  if (head === expected) {
    return proposed.length ? { kind: 'write' } : { kind: 'already_written', last: lastEvent(log, streamId) };
  }
  if (head < expected) return { kind: 'wrong_expected_version', current };
  const stored = log.stream(streamId) ?? [];
  const from = Number(expected + 1n);
  const matches =
    proposed.length > 0 &&
    from + proposed.length <= stored.length &&
    proposed.every((event, i) => stored[from + i].id === event.id);
  return matches
    ? { kind: 'already_written', last: stored[from + proposed.length - 1] }
    : { kind: 'wrong_expected_version', current };
}

function lastEvent(log: EventLog, streamId: string): LoggedEvent | undefined {
  const stored = log.stream(streamId);
  return stored?.[stored.length - 1];
}
