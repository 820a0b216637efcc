import { BaseError, decodeErrorResult, isHex, parseAbi, type Hex } from 'viem';

/**
 * Errors a wallet transfer commonly reverts with: Solidity's Error(string) and Panic(uint256), and
 * OpenZeppelin 5's ERC-20 / ERC-721 custom errors (EIP-6093).
 */
const KNOWN_ERRORS = parseAbi([
  'error Error(string reason)',
  'error Panic(uint256 code)',
  'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
  'error ERC20InvalidSender(address sender)',
  'error ERC20InvalidReceiver(address receiver)',
  'error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)',
  'error ERC721NonexistentToken(uint256 tokenId)',
  'error ERC721IncorrectOwner(address sender, uint256 tokenId, address owner)',
  'error ERC721InvalidReceiver(address receiver)',
  'error EnforcedPause()',
]);

const PANIC_REASONS: Record<string, string> = {
  '1': 'assertion failed',
  '17': 'arithmetic overflow or underflow',
  '18': 'division or modulo by zero',
  '33': 'invalid enum value',
  '34': 'invalid storage byte array',
  '49': 'pop on an empty array',
  '50': 'array index out of bounds',
  '65': 'out of memory',
  '81': 'call to an uninitialised function',
};

/** A readable reason for revert data: the Error(string) text, a panic's meaning, a known custom error. */
export function decodeRevertReason(data: Hex | undefined): string {
  if (!data || data === '0x') return 'execution reverted without a reason';
  try {
    const decoded = decodeErrorResult({ abi: KNOWN_ERRORS, data });
    if (decoded.errorName === 'Error') return String(decoded.args[0]);
    if (decoded.errorName === 'Panic') {
      const code = String(decoded.args[0]);
      return `panic 0x${BigInt(code).toString(16)}: ${PANIC_REASONS[code] ?? 'unknown panic code'}`;
    }
    return `${decoded.errorName}(${(decoded.args ?? []).map(String).join(', ')})`;
  } catch {
    return `execution reverted with custom error ${data.slice(0, 10)}`;
  }
}

/** The revert payload carried by a viem error from eth_call / eth_estimateGas, if any. */
export function revertDataOf(error: unknown): Hex | undefined {
  if (!(error instanceof BaseError)) return undefined;
  let found: Hex | undefined;
  error.walk((e) => {
    const data = (e as { data?: unknown }).data;
    if (typeof data === 'string' && isHex(data) && found === undefined) found = data;
    else if (data && typeof (data as { data?: unknown }).data === 'string') {
      const inner = (data as { data: string }).data;
      if (isHex(inner) && found === undefined) found = inner;
    }
    return false;
  });
  return found;
}
