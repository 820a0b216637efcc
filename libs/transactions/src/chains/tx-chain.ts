import { Injectable } from '@nestjs/common';
import type { PublicClient } from 'viem';
import { ChainDirectory, type ChainEntry, isEvmFamily } from '@chainwire/chains';
import { ApiError, ErrorCode } from '@chainwire/core';
import { ChainRpcRegistry } from '../rpc/chain-rpc-registry';

/** A chain the transaction routes can act on: its registry entry and its node. */
export interface EvmTxChain {
  readonly family: 'evm';
  readonly entry: ChainEntry;
  readonly client: PublicClient;
}

/** One union member per chain family; Tron and Solana join here with their own clients. */
export type TxChain = EvmTxChain;

/**
 * Resolves a request's `chain`: 400 UNKNOWN_CHAIN when the registry has no such id, 400
 * UNSUPPORTED_CHAIN when its family has no transaction support or no node is configured for it.
 */
@Injectable()
export class TxChainResolver {
  constructor(
    private readonly directory: ChainDirectory,
    private readonly rpc: ChainRpcRegistry,
  ) {}

  async resolve(id: string): Promise<TxChain> {
    const entry = await this.directory.require(id);
    if (!isEvmFamily(entry.family)) {
      throw ApiError.badRequest(
        ErrorCode.UNSUPPORTED_CHAIN,
        `Transactions on ${entry.family} chains are not supported yet`,
      );
    }
    const client = this.rpc.evmClient(entry.id);
    if (!client) {
      throw ApiError.badRequest(ErrorCode.UNSUPPORTED_CHAIN, `No node is configured for ${entry.id}`);
    }
    return { family: 'evm', entry, client };
  }
}
