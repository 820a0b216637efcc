import {
  type Hex,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
  WaitForTransactionReceiptTimeoutError,
} from 'viem';

/** What the wait needs of a viem client: any public client (or one extended with public actions) has it. */
export interface ReceiptReader {
  getTransactionReceipt(args: { hash: Hex }): Promise<TransactionReceipt>;
}

/**
 * Polls `eth_getTransactionReceipt` until the transaction has a receipt.
 *
 * Not viem's `waitForTransactionReceipt`: after a miss it asks again only when a new block arrives.
 * anvil (automine) can already report a sent transaction in its block while the receipt is not yet
 * readable (now and then among thousands of sequential sends), and when nothing else is sent no next block
 * ever comes, so that wait times out on a transaction that was mined.
 */
export async function waitForReceipt(
  client: ReceiptReader,
  hash: Hex,
  { timeoutMs = 120_000, intervalMs = 20 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<TransactionReceipt> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const receipt = await client.getTransactionReceipt({ hash }).catch((error: unknown) => {
      if (error instanceof TransactionReceiptNotFoundError) return undefined;
      throw error;
    });
    if (receipt) return receipt;
    if (Date.now() >= deadline) throw new WaitForTransactionReceiptTimeoutError({ hash });
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
