import { z } from 'zod';
import { optionalVar, withDefault } from './env-var';
import { nonNegativeInteger, urlWithScheme } from './validators';

/** The databases: read models (PostgreSQL or embedded PGlite) and the event store. */
export const storeEnv = z.object({
  DATABASE_URL: optionalVar(
    urlWithScheme(['postgres', 'postgresql']),
    '— (embedded PGlite)',
    'PostgreSQL for the read models and, by default, the event store.',
  ),
  EVENT_STORE_URL: optionalVar(
    urlWithScheme(['postgres', 'postgresql', 'kurrentdb', 'kurrentdb+discover', 'esdb', 'esdb+discover']),
    '— (PostgreSQL)',
    '`kurrentdb://…` / `esdb://…` (also `+discover`) selects KurrentDB / EventStoreDB.',
  ),
  // It must stay under the KurrentDB server's MaxAppendSize (1 MiB by default), which a server counts over
  // each event's data, metadata and record framing and refuses larger appends (docs/architecture.md §4, §6).
  EVENT_STORE_MAX_APPEND_BYTES: withDefault(
    nonNegativeInteger(64n * 1024n * 1024n, '67108864 (64 MiB)')
      .refine((n) => n >= 4096n, { error: 'must be at least 4096' })
      .transform((n) => Number(n)),
    '900000',
    "Most serialised bytes the indexers put in one append (4096 … 67108864); keep it under KurrentDB's `MaxAppendSize` (see docs/operations.md).",
  ),
});

/** EVENT_STORE_MAX_APPEND_BYTES unless set: for callers built in code. */
export const DEFAULT_EVENT_STORE_MAX_APPEND_BYTES: number =
  storeEnv.shape.EVENT_STORE_MAX_APPEND_BYTES.parse(undefined);
