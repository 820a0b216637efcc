import { solanaSplToken } from './solana-libraries';
import type { AccountInfo, PublicKey } from '@solana/web3.js';

export interface SolanaMint {
  readonly address: PublicKey;
  /** The token program owning the mint (SPL Token or Token-2022): its instructions move the token. */
  readonly programId: PublicKey;
  readonly decimals: number;
}

/** The mint at `address` from its account, or undefined when the account is no initialised mint of a token program. */
export function readMint(address: PublicKey, account: AccountInfo<Buffer> | null): SolanaMint | undefined {
  if (!account) return undefined;
  const { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID, unpackMint } = solanaSplToken();
  const programId = [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID].find((id) => id.equals(account.owner));
  if (!programId) return undefined;
  try {
    const mint = unpackMint(address, account, programId);
    return mint.isInitialized ? { address, programId, decimals: mint.decimals } : undefined;
  } catch {
    return undefined;
  }
}
