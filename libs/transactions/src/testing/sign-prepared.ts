import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/** The `data` of a prepare-sign answer as parsed losslessly (integers are bigints). */
export interface PreparedWire {
  chainId: bigint;
  nonce: bigint;
  to: Hex;
  valueWei: bigint;
  data: Hex | null;
  fee: {
    mode: 'EIP1559' | 'LEGACY';
    gasLimit: bigint;
    maxFeePerGas: bigint | null;
    maxPriorityFeePerGas: bigint | null;
    gasPrice: bigint | null;
  };
}

/** Builds the transaction a wallet would from a prepare-sign answer and signs it with viem. */
export function signPrepared(prepared: PreparedWire, privateKey: Hex): Promise<Hex> {
  const account = privateKeyToAccount(privateKey);
  const common = {
    chainId: Number(prepared.chainId),
    nonce: Number(prepared.nonce),
    to: prepared.to,
    value: prepared.valueWei,
    data: prepared.data ?? undefined,
    gas: prepared.fee.gasLimit,
  };
  return prepared.fee.mode === 'EIP1559'
    ? account.signTransaction({
        ...common,
        type: 'eip1559',
        maxFeePerGas: prepared.fee.maxFeePerGas!,
        maxPriorityFeePerGas: prepared.fee.maxPriorityFeePerGas!,
      })
    : account.signTransaction({ ...common, type: 'legacy', gasPrice: prepared.fee.gasPrice! });
}
