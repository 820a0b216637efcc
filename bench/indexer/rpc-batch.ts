/**
 * One HTTP request carrying many JSON-RPC calls. The workload generator sends tens of thousands of
 * transactions; one round trip per call would make generating the chain slower than indexing it.
 */
export async function rpcBatch<T = unknown>(
  url: string,
  calls: readonly { method: string; params: readonly unknown[] }[],
): Promise<T[]> {
  if (calls.length === 0) return [];
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map((c, id) => ({ jsonrpc: '2.0', id, method: c.method, params: c.params }))),
  });
  if (!res.ok) throw new Error(`JSON-RPC batch: HTTP ${res.status}`);
  const answers = (await res.json()) as { id: number; result?: T; error?: { message: string } }[];
  const results: T[] = new Array(calls.length);
  for (const answer of answers) {
    if (answer.error) throw new Error(`${calls[answer.id].method}: ${answer.error.message}`);
    results[answer.id] = answer.result as T;
  }
  return results;
}

/** `calls` in batches of `size`, one batch after the other. */
export async function rpcBatches<T = unknown>(
  url: string,
  calls: readonly { method: string; params: readonly unknown[] }[],
  size = 500,
): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < calls.length; i += size)
    results.push(...(await rpcBatch<T>(url, calls.slice(i, i + size))));
  return results;
}
