/**
 * Logs a recurring condition at most once per `intervalMs` per key: a fault that repeats on every round
 * (a key that cannot be opened, a resolver that is down) stays visible without flooding the log.
 */
export function throttledLog(
  write: (message: string, fields?: Record<string, unknown>) => void,
  intervalMs = 60_000,
  now: () => number = Date.now,
): (key: string, message: string, fields?: Record<string, unknown>) => void {
  const last = new Map<string, number>();
  return (key, message, fields) => {
    const at = now();
    const previous = last.get(key);
    if (previous !== undefined && at - previous < intervalMs) return;
    if (last.size > 10_000) last.clear();
    last.set(key, at);
    write(message, fields);
  };
}
