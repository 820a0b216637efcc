import { parseAccountAddress, tronWeb } from '@chainwire/chains';

const TRON_HEX = /^(?:0x)?41[0-9a-fA-F]{40}$/;

/**
 * An account address for a staking route: the wallet's rules (EVM lower-case or checksummed; Tron
 * base58check), and on Tron the hex form (`41…`, java-tron's own) accepted too and answered in base58,
 * the form the stake operations carry.
 */
export function parseStakingAddress(family: string, raw: string): string {
  const value = raw.trim();
  if (family === 'Tron' && TRON_HEX.test(value)) {
    return parseAccountAddress(family, tronWeb().address.fromHex(value.replace(/^0x/, ''))).display;
  }
  return parseAccountAddress(family, value).display;
}
