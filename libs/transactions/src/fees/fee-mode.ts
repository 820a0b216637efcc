/**
 * How an EVM chain prices a transaction: EIP1559 (base fee + tip) or LEGACY (gas price). prepare-sign's
 * `fee` adds the other families' modes beside these, each with its own shape: 'SOLANA' (`sol`: base fee +
 * compute-unit price) and 'TRON' (`rp`, `el`: reference block and fee limit) — docs/architecture.md §16.
 * GET /api/fees answers the other families beside these (fees.response.ts' FeesMode).
 */
export type FeeMode = 'EIP1559' | 'LEGACY';

/** One EIP-1559 price point, in wei per gas. */
export interface Eip1559Price {
  readonly mode: 'EIP1559';
  readonly maxPriorityFeePerGas: bigint;
  readonly maxFeePerGas: bigint;
}

/** One legacy price point, in wei per gas. */
export interface LegacyPrice {
  readonly mode: 'LEGACY';
  readonly gasPrice: bigint;
}

export type FeePrice = Eip1559Price | LegacyPrice;

/** The fee market of a chain right now: three price points and the next block's base fee. */
export interface FeeLevels {
  readonly mode: FeeMode;
  /** The next block's base fee; null for LEGACY. */
  readonly baseFeePerGas: bigint | null;
  readonly slow: FeePrice;
  readonly standard: FeePrice;
  readonly fast: FeePrice;
}

/** A client's adjustments of the standard price (prepare-sign's maxPriorityFeePerGasWei / priorityFeeMultiplier). */
export interface FeeAdjustments {
  /** Replaces the tip (EIP1559 only). */
  readonly maxPriorityFeePerGasWei?: bigint;
  /** Scales the tip (EIP1559) or the gas price (LEGACY); a plain decimal string such as '1.5'. */
  readonly priorityFeeMultiplier?: string;
}

/**
 * The `fee` of a prepared transaction, one shape for every EVM mode (fields that do not apply are
 * null) so that a client reads the same keys whatever the chain.
 */
export interface TxFee {
  readonly mode: FeeMode;
  readonly gasLimit: bigint;
  readonly baseFeePerGas: bigint | null;
  readonly maxPriorityFeePerGas: bigint | null;
  readonly maxFeePerGas: bigint | null;
  readonly gasPrice: bigint | null;
}
