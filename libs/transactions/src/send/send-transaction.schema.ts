import { z } from 'zod';

/**
 * Body of POST /api/txs/send. `signedTx`'s form depends on the chain's family, checked once the chain is
 * known (see the signed-*-tx parsers): 0x hex on EVM chains, base64 on Solana, tronweb's signed JSON on Tron.
 */
export const sendTransactionSchema = z.object({
  chain: z.string().trim().min(1),
  signedTx: z.union([z.string().trim().min(1, 'must not be empty'), z.record(z.string(), z.unknown())]),
});

export type SendTransactionRequest = z.output<typeof sendTransactionSchema>;
