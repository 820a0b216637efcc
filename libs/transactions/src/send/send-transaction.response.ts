import { z } from 'zod';

export const sendTransactionResultSchema = z
  .object({
    txHash: z.string().meta({
      description:
        "The chain's transaction id: the 0x hash on EVM chains, the first signature in base58 on Solana, the txID (hex) on Tron.",
      example: '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060',
    }),
  })
  .meta({ id: 'SendTransactionResult' });

export type SendTransactionResult = z.output<typeof sendTransactionResultSchema>;
