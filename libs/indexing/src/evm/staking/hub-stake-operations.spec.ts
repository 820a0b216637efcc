import { encodeAbiParameters, encodeEventTopics, getAddress, type Hex } from 'viem';
import { type EvmLog, type EvmReceipt, stakeHubAbi } from '@chainwire/chains';
import type { FetchedBlock } from '../block-transfers';
import { hasUndelegation, hubLogs, hubStakeOperations } from './hub-stake-operations';

const HUB = getAddress('0x0000000000000000000000000000000000002002');
const OPERATOR = getAddress('0x70997970c51812dc3a010c7d01b50e0d17dc79c8');
const DELEGATOR = getAddress('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc');
const BLOCK_HASH = `0x${'ab'.repeat(32)}` as Hex;

let logIndex = 0;
function log(event: 'Delegated' | 'Undelegated' | 'Claimed', values: bigint[], address = HUB): EvmLog {
  const topics = encodeEventTopics({
    abi: stakeHubAbi,
    eventName: event,
    args: { operatorAddress: OPERATOR, delegator: DELEGATOR },
  } as never) as Hex[];
  return {
    address,
    topics,
    data: encodeAbiParameters(
      values.map(() => ({ type: 'uint256' })),
      values,
    ),
    blockNumber: 7n,
    blockHash: BLOCK_HASH,
    transactionHash: `0x${'cd'.repeat(32)}`,
    transactionIndex: 0,
    logIndex: logIndex++,
  };
}

function block(receipts: { status: 'success' | 'reverted'; logs: EvmLog[] }[]): FetchedBlock {
  return {
    block: {
      number: 7n,
      hash: BLOCK_HASH,
      parentHash: `0x${'00'.repeat(32)}`,
      timestamp: 1_700_000_000,
      miner: HUB,
      baseFeePerGas: null,
      transactions: [],
      withdrawals: [],
    },
    receipts: receipts.map((r) => ({ ...r }) as unknown as EvmReceipt),
    internal: [],
    logs: [],
  };
}

describe('hubStakeOperations', () => {
  it("maps the hub's logs of successful transactions, and nothing else", () => {
    const delegated = log('Delegated', [5n, 6n]);
    const undelegated = log('Undelegated', [2n, 3n]);
    const claimed = log('Claimed', [3n]);
    const foreign = log('Delegated', [1n, 1n], getAddress('0x000000000000000000000000000000000000dead'));
    const malformed = { ...log('Claimed', [1n]), data: '0x' as Hex };
    const fetched = block([
      { status: 'success', logs: [delegated, foreign, undelegated, malformed, claimed] },
      { status: 'reverted', logs: [log('Delegated', [9n, 9n])] },
    ]);
    const logs = hubLogs(HUB, fetched);
    expect(logs).toEqual([delegated, undelegated, malformed, claimed]);
    expect(hasUndelegation(logs)).toBe(true);
    const base = {
      chain: 'bsc',
      blockNumber: '7',
      blockHash: BLOCK_HASH,
      timestamp: 1_700_000_000,
      owner: DELEGATOR,
      validator: OPERATOR,
    };
    expect(hubStakeOperations(fetched, 'bsc', logs, 600n)).toEqual([
      {
        ...base,
        txHash: delegated.transactionHash,
        ref: `log:${delegated.logIndex}`,
        operation: 'delegate',
        amount: '6',
        shares: '5',
      },
      {
        ...base,
        txHash: undelegated.transactionHash,
        ref: `log:${undelegated.logIndex}`,
        operation: 'undelegate',
        amount: '3',
        shares: '2',
        unlockTimeMs: (1_700_000_000 + 600) * 1000,
      },
      {
        ...base,
        txHash: claimed.transactionHash,
        ref: `log:${claimed.logIndex}`,
        operation: 'claim',
        amount: '3',
      },
    ]);
  });

  it('leaves the unlock time out when the unbond period is unknown', () => {
    const fetched = block([{ status: 'success', logs: [log('Undelegated', [1n, 1n])] }]);
    const [op] = hubStakeOperations(fetched, 'bsc', hubLogs(HUB, fetched), undefined);
    expect(op).not.toHaveProperty('unlockTimeMs');
    expect(hasUndelegation(hubLogs(HUB, block([{ status: 'success', logs: [log('Claimed', [1n])] }])))).toBe(
      false,
    );
  });
});
