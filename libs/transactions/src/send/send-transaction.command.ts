import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { sendRawTransaction } from '@chainwire/chains';
import { TxChainResolver } from '../chains/tx-chain';
import { withChainErrors } from '../errors/chain-errors';
import type { SendTransactionRequest } from './send-transaction.schema';
import type { SendTransactionResult } from './send-transaction.response';

export class SendTransactionCommand extends Command<SendTransactionResult> {
  constructor(readonly request: SendTransactionRequest) {
    super();
  }
}

/**
 * Broadcasts a signed transaction through the chain's node. The node is the judge: whatever it refuses
 * (bad encoding or signature, wrong chain id, nonce too low, underpriced, insufficient funds) is
 * 400 BROADCAST_REJECTED with its reason.
 */
@CommandHandler(SendTransactionCommand)
export class SendTransactionHandler implements ICommandHandler<
  SendTransactionCommand,
  SendTransactionResult
> {
  constructor(private readonly chains: TxChainResolver) {}

  async execute({ request }: SendTransactionCommand): Promise<SendTransactionResult> {
    const chain = await this.chains.resolve(request.chain);
    const txHash = await withChainErrors(() => sendRawTransaction(chain.client, request.signedTx));
    return { txHash };
  }
}
