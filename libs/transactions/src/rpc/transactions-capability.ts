import { Injectable } from '@nestjs/common';
import { ChainCapabilities } from '@chainwire/chains';
import { ChainRpcRegistry } from './chain-rpc-registry';

/**
 * Registers the `transactions` capability: prepare-sign, send, status and fees answer for a chain exactly
 * when this process has a node for it (an EVM RPC URL, SOLANA_RPC_URL for solana, TRON_RPC_URL for tron);
 * TxChainResolver refuses every other chain with UNSUPPORTED_CHAIN.
 */
@Injectable()
export class TransactionsCapability {
  constructor(rpc: ChainRpcRegistry, capabilities: ChainCapabilities) {
    capabilities.register({
      feature: 'transactions',
      serves: (chain) =>
        rpc.evmClient(chain) !== undefined ||
        (chain === 'solana' && rpc.solana !== undefined) ||
        (chain === 'tron' && rpc.tron !== undefined),
    });
  }
}
