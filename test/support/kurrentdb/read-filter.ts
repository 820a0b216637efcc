import type { LoggedEvent } from './event-log';
import type { streamsPb } from './protocol';

/**
 * Default filter search window: with `count` (no `max`) in the filter options the server uses 32, and a
 * filtered subscription sends a checkpoint every `checkpointIntervalMultiplier × window` events it looked
 * at without sending (KurrentDB "Server-side filtering" docs: checkpoint interval is a multiplier of 32).
 */
export const DEFAULT_FILTER_WINDOW = 32;

export interface ReadFilter {
  matches(event: LoggedEvent): boolean;
  /** Events left out between two checkpoint messages of a subscription. */
  readonly checkpointEvery: number;
}

/**
 * The `$all` filter a request carries, on stream names or on event types: a prefix list when given,
 * otherwise an unanchored regular expression, as the server evaluates them. No filter admits everything,
 * system events included.
 */
export function readFilter(options: streamsPb.ReadReq.Options): ReadFilter | undefined {
  if (!options.hasFilter()) return undefined;
  const filter = options.getFilter()!;
  const onStream = filter.hasStreamIdentifier();
  const expression = onStream ? filter.getStreamIdentifier()! : filter.getEventType();
  const prefixes = expression?.getPrefixList() ?? [];
  const regex = expression?.getRegex() ? new RegExp(expression.getRegex()) : undefined;
  const test = (value: string) =>
    prefixes.length ? prefixes.some((prefix) => value.startsWith(prefix)) : (regex?.test(value) ?? true);
  const window = filter.hasMax() ? filter.getMax() : DEFAULT_FILTER_WINDOW;
  return {
    matches: (event) => test(onStream ? event.streamId : event.type),
    checkpointEvery: Math.max(1, filter.getCheckpointintervalmultiplier()) * window,
  };
}
