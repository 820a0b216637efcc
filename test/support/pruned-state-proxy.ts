import { type RpcCall, type RpcProxy, startRpcProxy } from '@chainwire/chains/testing';

/** geth's default: state is kept for the newest 128 blocks (`--state.history`-less full node). */
export const STATE_KEPT_BLOCKS = 128n;

/** Where each state-reading method takes its block parameter. */
const BLOCK_PARAM: Readonly<Record<string, number>> = {
  eth_getBalance: 1,
  eth_getCode: 1,
  eth_getTransactionCount: 1,
  eth_getStorageAt: 2,
  eth_call: 1,
  eth_getProof: 2,
  eth_estimateGas: 1,
  eth_createAccessList: 1,
};

export interface PrunedStateProxy extends RpcProxy {
  /** State reads refused so far (each answered `missing trie node`). */
  readonly refused: RpcCall[];
  /** While true, every request is answered HTTP 503, as a provider under load does. */
  down: boolean;
}

/**
 * A JSON-RPC proxy in front of anvil that serves state only for the node's newest 128 blocks, as a
 * geth full node does: a state read at an older block, named by number, tag or EIP-1898 object, is
 * answered with geth's `missing trie node` error (code -32000). Blocks, receipts, logs and traces pass.
 * No node here prunes its state, so the proxy plays that part; it checks what it receives against the
 * methods' documented parameters.
 */
export async function startPrunedStateProxy(target: string): Promise<PrunedStateProxy> {
  const refused: RpcCall[] = [];
  const rpc = async (method: string, params: unknown[]) => {
    const response = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = (await response.json()) as { result?: unknown; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result;
  };
  const numberOf = async (block: unknown): Promise<bigint | null> => {
    if (
      block === undefined ||
      block === 'latest' ||
      block === 'pending' ||
      block === 'safe' ||
      block === 'finalized'
    )
      return null;
    if (block === 'earliest') return 0n;
    if (typeof block === 'string') return BigInt(block);
    const named = block as { blockHash?: string; blockNumber?: string };
    if (named.blockNumber !== undefined) return numberOf(named.blockNumber);
    if (named.blockHash !== undefined) {
      const header = (await rpc('eth_getBlockByHash', [named.blockHash, false])) as { number: string } | null;
      // A hash the node does not have: its own answer (header not found) goes through.
      return header ? BigInt(header.number) : null;
    }
    throw new Error(`not a block parameter: ${JSON.stringify(block)}`);
  };
  const state = { down: false };
  const proxy = await startRpcProxy(target, async (call) => {
    if (state.down) return { status: 503 };
    const at = BLOCK_PARAM[call.method];
    if (at === undefined) return undefined;
    const block = await numberOf(call.params[at]);
    if (block === null) return undefined;
    const head = BigInt((await rpc('eth_blockNumber', [])) as string);
    if (head - block < STATE_KEPT_BLOCKS) return undefined;
    refused.push(call);
    return { error: { code: -32000, message: `missing trie node ${'ab'.repeat(32)} (path ) <nil>` } };
  });
  return Object.defineProperties(Object.assign(proxy, { refused }), {
    down: { get: () => state.down, set: (value: boolean) => (state.down = value), enumerable: true },
  }) as PrunedStateProxy;
}
