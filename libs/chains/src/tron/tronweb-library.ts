import type { TronWeb as TronWebClass } from 'tronweb';

let loaded: typeof TronWebClass | undefined;

/**
 * tronweb's TronWeb class, required on first use: loading tronweb is a noticeable part of a start,
 * which a deployment without Tron should not pay (docs/architecture.md §15). Types come from the
 * static `import type`, which compiles away.
 */
export function tronWeb(): typeof TronWebClass {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deferred on purpose, see above
  return (loaded ??= (require('tronweb') as typeof import('tronweb')).TronWeb);
}

/** tronweb's `utils` (transaction protobuf encoding and checks), loaded with the class, on first use. */
export function tronWebUtils(): typeof import('tronweb').utils {
  tronWeb();
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- cached by require after tronWeb()
  return (require('tronweb') as typeof import('tronweb')).utils;
}
