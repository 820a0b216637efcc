import { z } from 'zod';

/**
 * Body of POST /api/txs/send. `signedTx`'s form depends on the chain's family, checked once the chain is
 * known (see the signed-*-tx parsers): 0x hex on EVM chains, base64 on Solana, tronweb's signed JSON on Tron.
 */
export const sendTransactionSchema = z.object({
  chain: z.string().trim().min(1).meta({ description: 'Registry chain id', example: 'ethereum' }),
  signedTx: z.union([z.string().trim().min(1, 'must not be empty'), z.record(z.string(), z.unknown())]).meta({
    description:
      'The signed transaction. EVM chains: the serialised transaction (EIP-2718), 0x-prefixed hex. ' +
      "Solana: base64 of the transaction's wire bytes. Tron: tronweb's signed transaction " +
      '`{txID, raw_data, raw_data_hex, signature}`, as an object or its JSON text; raw_data must encode to ' +
      'raw_data_hex and txID be its sha256.',
  }),
});

export type SendTransactionRequest = z.output<typeof sendTransactionSchema>;
