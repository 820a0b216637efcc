import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  broadcastTronTransaction,
  sendRawTransaction,
  sendSolanaTransaction,
  tronCall,
} from '@chainwire/chains';
import { TxChainResolver } from '../chains/tx-chain';
import { ChainRpcRegistry } from '../rpc/chain-rpc-registry';
import type { SendTransactionRequest } from './send-transaction.schema';
import type { SendTransactionResult } from './send-transaction.response';
import { parseSignedEvmTx } from './signed-evm-tx';
import { parseSignedSolanaTx } from './signed-solana-tx';
import { parseSignedTronTx } from './signed-tron-tx';

export class SendTransactionCommand extends Command<SendTransactionResult> {
  constructor(readonly request: SendTransactionRequest) {
    super();
  }
}

/**
 * Broadcasts a signed transaction through the chain's node (docs/architecture.md §16). `signedTx` is
 * checked for its family's form first (400 VALIDATION_ERROR); then the node is the judge: whatever it
 * refuses (bad signature, wrong chain, nonce or blockhash or reference block gone, underpriced, funds) is
 * 400 BROADCAST_REJECTED with its reason. The answer is the chain's own transaction id.
 */
@CommandHandler(SendTransactionCommand)
export class SendTransactionHandler implements ICommandHandler<
  SendTransactionCommand,
  SendTransactionResult
> {
  constructor(
    private readonly chains: TxChainResolver,
    private readonly rpc: ChainRpcRegistry,
  ) {}

  async execute({ request }: SendTransactionCommand): Promise<SendTransactionResult> {
    const chain = await this.chains.resolveAnyFamily(request.chain);
    switch (chain.family) {
      case 'evm': {
        const signedTx = parseSignedEvmTx(request.signedTx);
        const client = this.rpc.evmBroadcastClient(chain.entry.id) ?? chain.client;
        return { txHash: await sendRawTransaction(client, signedTx) };
      }
      case 'solana': {
        const bytes = parseSignedSolanaTx(request.signedTx);
        return { txHash: await sendSolanaTransaction(chain.connection, bytes) };
      }
      case 'tron': {
        const signed = parseSignedTronTx(request.signedTx);
        return {
          txHash: await tronCall(() => broadcastTronTransaction(chain.client, signed)),
        };
      }
    }
  }
}
