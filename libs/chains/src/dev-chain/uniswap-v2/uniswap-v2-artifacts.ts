import { readFileSync } from 'node:fs';
import { type Abi, type Hex, keccak256 } from 'viem';

/** A compiled contract as the published npm builds hold it. */
export interface UniswapV2Artifact {
  readonly abi: Abi;
  readonly bytecode: Hex;
}

export interface UniswapV2Artifacts {
  readonly weth9: UniswapV2Artifact;
  readonly factory: UniswapV2Artifact;
  readonly router02: UniswapV2Artifact;
  /** keccak256 of UniswapV2Pair's creation code: what the factory's CREATE2 salts pairs with. */
  readonly pairInitCodeHash: Hex;
}

/** The router cannot find the factory's pairs: its UniswapV2Library.pairFor embeds another init code hash. */
export class PairInitCodeHashMismatchError extends Error {
  constructor(pairInitCodeHash: Hex) {
    super(
      `UniswapV2Router02's bytecode does not embed ${pairInitCodeHash}, the init code hash of the factory's ` +
        'UniswapV2Pair: the router would compute pair addresses where no pair is, and every swap would fail',
    );
    this.name = 'PairInitCodeHashMismatchError';
  }
}

function load(path: string): UniswapV2Artifact {
  const json = JSON.parse(readFileSync(require.resolve(path), 'utf8')) as { abi: Abi; bytecode: string };
  const bytecode = (json.bytecode.startsWith('0x') ? json.bytecode : `0x${json.bytecode}`) as Hex;
  return { abi: json.abi, bytecode };
}

/**
 * WETH9, UniswapV2Factory and UniswapV2Router02 from the published npm builds (@uniswap/v2-core,
 * @uniswap/v2-periphery: devDependencies, so a dev chain without them has no swaps; null then). The
 * router finds a pair by CREATE2 address from the init code hash compiled into it, not by asking the
 * factory; the published builds were compiled separately from mainnet's, so the hash is checked here
 * and a mismatch fails loudly instead of deploying a router that finds no pair.
 */
export function loadUniswapV2Artifacts(): UniswapV2Artifacts | null {
  let pair: UniswapV2Artifact;
  try {
    pair = load('@uniswap/v2-core/build/UniswapV2Pair.json');
  } catch {
    return null;
  }
  const artifacts = {
    weth9: load('@uniswap/v2-periphery/build/WETH9.json'),
    factory: load('@uniswap/v2-core/build/UniswapV2Factory.json'),
    router02: load('@uniswap/v2-periphery/build/UniswapV2Router02.json'),
    pairInitCodeHash: keccak256(pair.bytecode),
  };
  checkPairInitCodeHash(artifacts);
  return artifacts;
}

/** Throws PairInitCodeHashMismatchError unless the router embeds the hash of the pair the factory creates. */
export function checkPairInitCodeHash(artifacts: Omit<UniswapV2Artifacts, 'weth9'>): void {
  const hash = artifacts.pairInitCodeHash.slice(2).toLowerCase();
  // The factory deploys pairs from the creation code it embeds; the router's pairFor hashes a constant.
  if (!artifacts.router02.bytecode.toLowerCase().includes(hash)) {
    throw new PairInitCodeHashMismatchError(artifacts.pairInitCodeHash);
  }
}
