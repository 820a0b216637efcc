import type * as SolanaWeb3 from '@solana/web3.js';
import type * as SplToken from '@solana/spl-token';

let web3: typeof SolanaWeb3 | undefined;
let splToken: typeof SplToken | undefined;

/*
 * @solana/web3.js and @solana/spl-token, required on first use: loading them is a noticeable part of a
 * start, which a deployment without Solana should not pay (docs/architecture.md §16).
 * Types come from the static `import type`, which compiles away.
 */

export function solanaWeb3(): typeof SolanaWeb3 {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deferred on purpose, see above
  return (web3 ??= require('@solana/web3.js') as typeof SolanaWeb3);
}

export function solanaSplToken(): typeof SplToken {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deferred on purpose, see above
  return (splToken ??= require('@solana/spl-token') as typeof SplToken);
}
