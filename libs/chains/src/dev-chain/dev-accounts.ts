import { toHex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';

/** anvil's well-known default mnemonic: its dev accounts are derived from it (m/44'/60'/0'/0/i). */
export const ANVIL_DEFAULT_MNEMONIC = 'test test test test test test test test test test test junk';

export interface DevAccount {
  address: `0x${string}`;
  privateKey: `0x${string}`;
}

export function deriveDevAccounts(count: number, mnemonic = ANVIL_DEFAULT_MNEMONIC): DevAccount[] {
  return Array.from({ length: count }, (_, addressIndex) => {
    const account = mnemonicToAccount(mnemonic, { addressIndex });
    const privateKey = account.getHdKey().privateKey;
    if (!privateKey) throw new Error(`no private key derived for account ${addressIndex}`);
    return { address: account.address, privateKey: toHex(privateKey) };
  });
}
