import { encodeErrorResult, parseAbi } from 'viem';
import { decodeRevertReason } from './decode-revert';

const abi = parseAbi([
  'error Error(string)',
  'error Panic(uint256)',
  'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
  'error Unknown(uint256)',
]);
const SENDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('decodeRevertReason', () => {
  it('returns the Error(string) text', () => {
    const data = encodeErrorResult({
      abi,
      errorName: 'Error',
      args: ['ERC20: transfer amount exceeds balance'],
    });
    expect(decodeRevertReason(data)).toBe('ERC20: transfer amount exceeds balance');
  });

  it('explains a panic code', () => {
    const data = encodeErrorResult({ abi, errorName: 'Panic', args: [0x11n] });
    expect(decodeRevertReason(data)).toBe('panic 0x11: arithmetic overflow or underflow');
  });

  it('names an OpenZeppelin 5 custom error with its arguments', () => {
    const data = encodeErrorResult({
      abi,
      errorName: 'ERC20InsufficientBalance',
      args: [SENDER, 5n, 10n ** 24n],
    });
    expect(decodeRevertReason(data)).toBe(`ERC20InsufficientBalance(${SENDER}, 5, ${10n ** 24n})`);
  });

  it('names the selector of an unknown custom error and handles an empty revert', () => {
    const data = encodeErrorResult({ abi, errorName: 'Unknown', args: [1n] });
    expect(decodeRevertReason(data)).toBe(`execution reverted with custom error ${data.slice(0, 10)}`);
    expect(decodeRevertReason('0x')).toBe('execution reverted without a reason');
    expect(decodeRevertReason(undefined)).toBe('execution reverted without a reason');
  });
});
