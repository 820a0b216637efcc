import { Injectable } from '@nestjs/common';
import type { Connection } from '@solana/web3.js';
import type { PublicClient } from 'viem';
import { ChainDirectory, type ChainEntry, isEvmFamily, type TronHttpClient } from '@chainwire/chains';
import { ApiError, ErrorCode } from '@chainwire/core';
import { ChainRpcRegistry } from '../rpc/chain-rpc-registry';

/** A chain the transaction routes can act on: its registry entry and its node. */
export interface EvmTxChain {
  readonly family: 'evm';
  readonly entry: ChainEntry;
  readonly client: PublicClient;
}

/** Registry family names of the non-EVM chains with transaction support. */
export const SOLANA_FAMILY = 'Solana';
export const TRON_FAMILY = 'Tron';

export interface SolanaTxChain {
  readonly family: 'solana';
  readonly entry: ChainEntry;
  readonly connection: Connection;
}

export interface TronTxChain {
  readonly family: 'tron';
  readonly entry: ChainEntry;
  readonly client: TronHttpClient;
}

/** An EVM chain: what EVM fee levels and contract calls (staking builds) act on. */
export type TxChain = EvmTxChain;

/** One union member per chain family prepare-sign, send, status and fees support (docs/architecture.md §16). */
export type AnyTxChain = EvmTxChain | SolanaTxChain | TronTxChain;

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

  /** An EVM chain (contract calls such as staking builds); other families are UNSUPPORTED_CHAIN there. */
  async resolve(id: string): Promise<TxChain> {
    const entry = await this.directory.require(id);
    if (!isEvmFamily(entry.family)) {
      throw ApiError.badRequest(
        ErrorCode.UNSUPPORTED_CHAIN,
        `Transactions on ${entry.family} chains are not supported yet`,
      );
    }
    return this.evm(entry);
  }

  /** A chain prepare-sign, send and status act on: EVM, Solana (SOLANA_RPC_URL) or Tron (TRON_RPC_URL). */
  async resolveAnyFamily(id: string): Promise<AnyTxChain> {
    const entry = await this.directory.require(id);
    if (isEvmFamily(entry.family)) return this.evm(entry);
    if (entry.family === SOLANA_FAMILY && entry.id === 'solana') {
      const connection = this.rpc.solana;
      if (!connection) throw noNode(entry.id, 'SOLANA_RPC_URL');
      return { family: 'solana', entry, connection };
    }
    if (entry.family === TRON_FAMILY && entry.id === 'tron') {
      const client = this.rpc.tron;
      if (!client) throw noNode(entry.id, 'TRON_RPC_URL');
      return { family: 'tron', entry, client };
    }
    throw ApiError.badRequest(
      ErrorCode.UNSUPPORTED_CHAIN,
      `Transactions on ${entry.family} chains are not supported yet`,
    );
  }

  private evm(entry: ChainEntry): EvmTxChain {
    const client = this.rpc.evmClient(entry.id);
    if (!client) {
      throw ApiError.badRequest(ErrorCode.UNSUPPORTED_CHAIN, `No node is configured for ${entry.id}`);
    }
    return { family: 'evm', entry, client };
  }
}

function noNode(chain: string, variable: string): ApiError {
  return ApiError.badRequest(ErrorCode.UNSUPPORTED_CHAIN, `No node is configured for ${chain} (${variable})`);
}
