import { TronWeb } from 'tronweb';
import type { ScriptedBlock, ScriptedTronChain } from './scripted-tron-chain';

/** One account as java-tron keeps it: spendable sun, Stake 2.0 buckets, TRC-10 and TRC-20 holdings. */
export interface TronAccountState {
  balance: bigint;
  frozenV2: Map<string, bigint>;
  /** Unfrozen, not yet withdrawn: amount, resource and when it may be withdrawn (unix ms). */
  unfrozen: { amount: bigint; resource: string; expireMs: number }[];
  /** SR (base58) → votes. */
  votes: Map<string, bigint>;
  delegated: Map<string, bigint>;
  assetV2: Map<string, bigint>;
}

/** Holdings at genesis, before block 1: what a service that starts indexing later never sees move. */
export interface TronGenesisAccount {
  readonly sun?: bigint;
  readonly trc10?: Readonly<Record<string, bigint>>;
  /** By TRC-20 contract (base58). */
  readonly trc20?: Readonly<Record<string, bigint>>;
}

export interface TronWorldState {
  readonly accounts: Map<string, TronAccountState>;
  /** contract (base58) → holder (base58) → amount. */
  readonly trc20: Map<string, Map<string, bigint>>;
}

const base58 = (hex: unknown): string => TronWeb.address.fromHex(String(hex));
const big = (value: unknown): bigint => (value === undefined ? 0n : BigInt(value as bigint));

/**
 * The state the fixture node answers `/walletsolidity/getaccount` and `balanceOf` from: genesis, then
 * each block's transactions applied as java-tron applies them (its own reading of the scripted JSON,
 * not the service's code): fees always; value, TRC-10, TRC-20 `transfer` calls and internal
 * transactions on success; Stake 2.0 moving sun between an account's buckets; claimed rewards.
 */
export function tronStateAt(chain: ScriptedTronChain, blockNumber: number): TronWorldState {
  const state: TronWorldState = { accounts: new Map(), trc20: new Map() };
  for (const [address, genesis] of chain.genesis) {
    const account = accountOf(state, address);
    account.balance += genesis.sun ?? 0n;
    for (const [id, amount] of Object.entries(genesis.trc10 ?? {})) account.assetV2.set(id, amount);
    for (const [token, amount] of Object.entries(genesis.trc20 ?? {}))
      moveTrc20(state, token, null, address, amount);
  }
  for (let n = 1; n <= blockNumber; n++) {
    const block = chain.block(n);
    if (block) applyBlock(chain, state, block);
  }
  return state;
}

export function accountOf(state: TronWorldState, address: string): TronAccountState {
  let account = state.accounts.get(address);
  if (!account) {
    account = {
      balance: 0n,
      frozenV2: new Map(),
      unfrozen: [],
      votes: new Map(),
      delegated: new Map(),
      assetV2: new Map(),
    };
    state.accounts.set(address, account);
  }
  return account;
}

function applyBlock(chain: ScriptedTronChain, state: TronWorldState, block: ScriptedBlock): void {
  const transactions = (block.json.transactions ?? []) as {
    txID: string;
    ret: { contractRet: string }[];
    raw_data: { contract: { type: string; parameter: { value: Record<string, unknown> } }[] };
  }[];
  for (const tx of transactions) {
    const info = block.infos.find((i) => i.id === tx.txID) ?? {};
    const { type, parameter } = tx.raw_data.contract[0]!;
    const v = parameter.value;
    const owner = accountOf(state, base58(v.owner_address));
    owner.balance -= big(info.fee);
    if (tx.ret[0]?.contractRet !== 'SUCCESS' || info.result === 'FAILED') continue;
    const add = (bucket: Map<string, bigint>, key: string, amount: bigint) =>
      bucket.set(key, (bucket.get(key) ?? 0n) + amount);
    const resource = String(v.resource ?? 'BANDWIDTH');
    switch (type) {
      case 'TransferContract':
        owner.balance -= big(v.amount);
        accountOf(state, base58(v.to_address)).balance += big(v.amount);
        break;
      case 'TransferAssetContract': {
        const id = Buffer.from(String(v.asset_name), 'hex').toString('utf8');
        add(owner.assetV2, id, -big(v.amount));
        add(accountOf(state, base58(v.to_address)).assetV2, id, big(v.amount));
        break;
      }
      case 'TriggerSmartContract': {
        const contract = base58(v.contract_address);
        owner.balance -= big(v.call_value);
        accountOf(state, contract).balance += big(v.call_value);
        const data = String(v.data ?? '');
        if (data.startsWith('a9059cbb')) {
          const to = base58(`41${data.slice(8 + 24, 8 + 64)}`);
          moveTrc20(state, contract, base58(v.owner_address), to, BigInt(`0x${data.slice(72, 136)}`));
        }
        break;
      }
      case 'FreezeBalanceV2Contract':
        owner.balance -= big(v.frozen_balance);
        add(owner.frozenV2, resource, big(v.frozen_balance));
        break;
      case 'UnfreezeBalanceV2Contract': {
        add(owner.frozenV2, resource, -big(v.unfreeze_balance));
        const delayDays = Number(chain.chainParameters.get('getUnfreezeDelayDays') ?? 0n);
        owner.unfrozen.push({
          amount: big(v.unfreeze_balance),
          resource,
          expireMs: block.timestamp + delayDays * 86_400_000,
        });
        // java-tron withdraws the votes an unfreeze leaves without enough Tron Power.
        let power = 0n;
        for (const amount of owner.frozenV2.values()) power += amount;
        for (const amount of owner.delegated.values()) power += amount;
        let votes = 0n;
        for (const count of owner.votes.values()) votes += count;
        if (votes * 1_000_000n > power) owner.votes.clear();
        break;
      }
      case 'WithdrawExpireUnfreezeContract':
        owner.balance += big(info.withdraw_expire_amount);
        owner.unfrozen = owner.unfrozen.filter((u) => u.expireMs > block.timestamp);
        break;
      case 'VoteWitnessContract':
        owner.votes = new Map(
          ((v.votes ?? []) as { vote_address: string; vote_count: bigint }[]).map((vote) => [
            base58(vote.vote_address),
            big(vote.vote_count),
          ]),
        );
        break;
      case 'DelegateResourceContract':
        add(owner.frozenV2, resource, -big(v.balance));
        add(owner.delegated, resource, big(v.balance));
        break;
      case 'UnDelegateResourceContract':
        add(owner.delegated, resource, -big(v.balance));
        add(owner.frozenV2, resource, big(v.balance));
        break;
      case 'WithdrawBalanceContract':
        owner.balance += big(info.withdraw_amount);
        break;
    }
    for (const internal of (info.internal_transactions ?? []) as Record<string, unknown>[]) {
      if (internal.rejected) continue;
      for (const value of (internal.callValueInfo ?? []) as { callValue?: bigint; tokenId?: string }[]) {
        const from = accountOf(state, base58(internal.caller_address));
        const to = accountOf(state, base58(internal.transferTo_address));
        if (value.tokenId === undefined) {
          from.balance -= big(value.callValue);
          to.balance += big(value.callValue);
        } else {
          add(from.assetV2, value.tokenId, -big(value.callValue));
          add(to.assetV2, value.tokenId, big(value.callValue));
        }
      }
    }
  }
}

function moveTrc20(state: TronWorldState, token: string, from: string | null, to: string, amount: bigint) {
  let holders = state.trc20.get(token);
  if (!holders) state.trc20.set(token, (holders = new Map()));
  if (from !== null) holders.set(from, (holders.get(from) ?? 0n) - amount);
  holders.set(to, (holders.get(to) ?? 0n) + amount);
}

/** `/walletsolidity/getaccount`'s answer for an account (`visible: true`): `{}` for one never seen. */
export function accountJson(state: TronWorldState, address: string): Record<string, unknown> {
  const account = state.accounts.get(address);
  if (!account) return {};
  const nonZero = (entries: [string, bigint][]) => entries.filter(([, amount]) => amount !== 0n);
  const frozen = nonZero([...account.frozenV2]);
  const assets = nonZero([...account.assetV2]);
  return {
    address,
    ...(account.balance !== 0n ? { balance: account.balance } : {}),
    ...(frozen.length
      ? { frozenV2: frozen.map(([type, amount]) => (type === 'BANDWIDTH' ? { amount } : { type, amount })) }
      : {}),
    ...(account.unfrozen.length
      ? {
          unfrozenV2: account.unfrozen.map((u) => ({
            ...(u.resource === 'BANDWIDTH' ? {} : { type: u.resource }),
            unfreeze_amount: u.amount,
            unfreeze_expire_time: BigInt(u.expireMs),
          })),
        }
      : {}),
    ...(account.votes.size
      ? { votes: [...account.votes].map(([vote_address, vote_count]) => ({ vote_address, vote_count })) }
      : {}),
    ...(account.delegated.get('BANDWIDTH')
      ? { delegated_frozenV2_balance_for_bandwidth: account.delegated.get('BANDWIDTH') }
      : {}),
    ...(account.delegated.get('ENERGY')
      ? { account_resource: { delegated_frozenV2_balance_for_energy: account.delegated.get('ENERGY') } }
      : {}),
    ...(assets.length ? { assetV2: assets.map(([key, value]) => ({ key, value })) } : {}),
  };
}
