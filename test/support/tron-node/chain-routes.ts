import { TronWeb } from 'tronweb';
import { encodeFunctionResult, erc20Abi, parseAbi, stringToHex } from 'viem';
import { TronFixtureHttpError, type TronRoutes } from './tron-node-fixture';
import { hex, type ScriptedTronChain } from './scripted-tron-chain';
import { accountJson, tronStateAt } from './tron-account-state';

/** java-tron's BLOCK_LIMIT_NUM for getblockbylimitnext. */
const BLOCK_LIMIT_NUM = 100;

/**
 * The chain-reading endpoints of java-tron's HTTP API over a ScriptedTronChain, in the node's wire shapes:
 * a block missing is `{}`; getblockbylimitnext takes `startNum` inclusive and `endNum` exclusive and, like
 * java-tron's servlet, answers `{}` unless 0 < endNum - startNum <= 100.
 */
export function chainRoutes(chain: ScriptedTronChain): TronRoutes {
  const constantCall = (body: Record<string, unknown>) => {
    const views = chain.trc20Views.get(String(body.contract_address ?? '').toLowerCase());
    if (!views) {
      return {
        result: {
          code: 'CONTRACT_VALIDATE_ERROR',
          message: Buffer.from('No contract or not a valid smart contract').toString('hex'),
        },
      };
    }
    const selector = String(body.data ?? '').slice(0, 8);
    const output =
      selector === '313ce567'
        ? encodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', result: views.decimals })
        : selector === '06fdde03' || selector === '95d89b41'
          ? textResult(selector === '06fdde03' ? 'name' : 'symbol', views)
          : undefined;
    if (!output) {
      return {
        result: {
          code: 'CONTRACT_EXE_ERROR',
          message: Buffer.from('REVERT opcode executed').toString('hex'),
        },
        energy_used: 200,
        constant_result: [''],
        transaction: { ret: [{ ret: 'REVERT' }] },
      };
    }
    return {
      result: { result: true },
      energy_used: 300,
      constant_result: [output.slice(2)],
      transaction: { ret: [{}] },
    };
  };
  const routes: Record<string, TronRoutes[string]> = {
    '/wallet/getnowblock': () => chain.head.json,
    '/walletsolidity/getnowblock': () => chain.solidified.json,
    '/wallet/getblockbynum': (body) => chain.block(int(body.num, 'num'))?.json ?? {},
    '/wallet/getblockbylimitnext': (body) => {
      const start = int(body.startNum, 'startNum');
      const end = int(body.endNum, 'endNum');
      if (!(end > 0 && end > start && end - start <= BLOCK_LIMIT_NUM)) return {};
      const blocks = [];
      for (let n = start; n < end; n++) {
        const block = chain.block(n);
        if (block) blocks.push(block.json);
      }
      return blocks.length ? { block: blocks } : {};
    },
    '/wallet/gettransactioninfobyblocknum': (body) => chain.block(int(body.num, 'num'))?.infos ?? [],
    '/wallet/getchainparameters': () => ({
      chainParameter: [...chain.chainParameters].map(([key, value]) =>
        value === 0n ? { key } : { key, value },
      ),
    }),
    // java-tron hex-encodes name and abbr unless asked for `visible`, and answers {} for an unknown id.
    '/wallet/getassetissuebyid': (body) => {
      const id = String(body.value ?? '');
      const issue = chain.assetIssues.get(id);
      if (!issue) return {};
      return {
        owner_address: '41' + '7'.repeat(40),
        name: Buffer.from(issue.name, 'utf8').toString('hex'),
        abbr: Buffer.from(issue.abbr, 'utf8').toString('hex'),
        total_supply: 990_000_000_000_000_000,
        ...(issue.precision ? { precision: issue.precision } : {}),
        id,
      };
    },
    // The account at the solidified block: genesis and the blocks up to it (tron-account-state.ts).
    '/walletsolidity/getaccount': (body) => {
      const raw = String(body.address ?? '');
      const address = body.visible ? raw : TronWeb.address.fromHex(raw);
      if (!TronWeb.isAddress(address)) throw new TronFixtureHttpError(200, { Error: 'Invalid address' });
      return accountJson(tronStateAt(chain, chain.solidified.number), address);
    },
    // balanceOf of any scripted TRC-20 at the solidified block; other calls as the full node answers them.
    '/walletsolidity/triggerconstantcontract': (body) => {
      const contract = TronWeb.address.fromHex(String(body.contract_address ?? ''));
      const data = String(body.data ?? '');
      if (!data.startsWith('70a08231')) return constantCall(body);
      const holder = TronWeb.address.fromHex(`41${data.slice(8 + 24, 8 + 64)}`);
      const holders = tronStateAt(chain, chain.solidified.number).trc20.get(contract);
      // A contract is one with views or with a transfer: anything else is no contract, as constantCall says.
      if (!holders && !chain.trc20Views.has(hex(contract))) return constantCall(body);
      const amount = holders?.get(holder) ?? 0n;
      const output = encodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', result: amount });
      return {
        result: { result: true },
        energy_used: 300,
        constant_result: [output.slice(2)],
        transaction: { ret: [{}] },
      };
    },
    // Views of the scripted TRC-20s; any other address is no contract, any other call reverts.
    '/wallet/triggerconstantcontract': (body) => constantCall(body),
    '/wallet/getaccountresource': (body) => {
      const raw = String(body.address ?? '');
      const base58 = body.visible ? raw : TronWeb.address.fromHex(raw);
      if (!TronWeb.isAddress(base58)) throw new TronFixtureHttpError(200, { Error: 'Invalid address' });
      return chain.resources.get(base58) ?? {};
    },
  };
  return Object.fromEntries(
    Object.entries(routes).map(([path, handler]) => [
      path,
      (body: Record<string, unknown>) => {
        if (chain.unavailable.has(path)) throw new TronFixtureHttpError(503, { Error: 'unavailable' });
        return handler(body);
      },
    ]),
  );
}

const BYTES32_VIEWS = parseAbi([
  'function name() view returns (bytes32)',
  'function symbol() view returns (bytes32)',
]);

function textResult(
  functionName: 'name' | 'symbol',
  views: { name: string; symbol: string; bytes32?: boolean },
): `0x${string}` {
  const text = views[functionName];
  return views.bytes32
    ? encodeFunctionResult({ abi: BYTES32_VIEWS, functionName, result: stringToHex(text, { size: 32 }) })
    : encodeFunctionResult({ abi: erc20Abi, functionName, result: text });
}

function int(value: unknown, name: string): number {
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n)) {
    throw new TronFixtureHttpError(200, { Error: `${name} must be an integer` });
  }
  return n;
}
