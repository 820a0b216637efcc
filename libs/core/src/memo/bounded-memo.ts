/**
 * `compute` remembered per key, forgetting everything once `maxEntries` are held: for pure functions
 * called with the same few thousand keys over and over (addresses in a batch of blocks), where a
 * lookup costs less than the work and a full clear now and then costs less than tracking recency.
 */
export function boundedMemo<V>(compute: (key: string) => V, maxEntries: number): (key: string) => V {
  const remembered = new Map<string, V>();
  return (key) => {
    let value = remembered.get(key);
    if (value === undefined) {
      value = compute(key);
      if (remembered.size >= maxEntries) remembered.clear();
      remembered.set(key, value);
    }
    return value;
  };
}
