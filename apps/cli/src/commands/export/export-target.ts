import type { EventFilter } from '@chainwire/event-store';
import { CliUsageError } from '../../cli-output';

/** What `cli export` reads: every event, a category's streams, or one stream. */
export interface ExportTarget {
  readonly describe: string;
  /** The store-side filter (stream prefix), narrowed further by `includes`. */
  readonly filter: EventFilter;
  includes(streamId: string): boolean;
}

/**
 * `$all`; a category, the part of stream names before their first dash as in EventStoreDB (`chain`,
 * `subscription`, `delivery`), also written `$ce-chain`; otherwise a stream (`chain-ethereum`).
 */
export function parseExportTarget(target: string): ExportTarget {
  if (target === '$all') return { describe: '$all', filter: {}, includes: () => true };
  if (target.startsWith('$') && !target.startsWith('$ce-')) {
    throw new CliUsageError(
      `Unknown system stream ${JSON.stringify(target)}; expected $all or $ce-<category>`,
    );
  }
  const category = target.startsWith('$ce-') ? target.slice(4) : target.includes('-') ? null : target;
  if (category !== null) {
    if (!/^[A-Za-z0-9_]+$/.test(category)) {
      throw new CliUsageError(`Not a category name: ${JSON.stringify(category)}`);
    }
    const prefix = `${category}-`;
    return {
      describe: `category ${category}`,
      filter: { streamPrefixes: [prefix] },
      includes: (streamId) => streamId.startsWith(prefix),
    };
  }
  // The prefix read also returns longer names (chain-ethereum2 for chain-ethereum): `includes` keeps the one.
  return {
    describe: `stream ${target}`,
    filter: { streamPrefixes: [target] },
    includes: (streamId) => streamId === target,
  };
}
