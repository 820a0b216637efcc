import { isEvmAddress, isTronAddress, normaliseAddress } from './contract-address';

describe('contract addresses', () => {
  it('accepts lower-case and checksummed EVM addresses, rejects a bad checksum', () => {
    expect(isEvmAddress('0xdac17f958d2ee523a2206206994597c13d831ec7')).toBe(true);
    expect(isEvmAddress('0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBe(true);
    expect(isEvmAddress('0xdAC17F958D2ee523a2206206994597C13D831eC7')).toBe(false);
    expect(isEvmAddress('0xdac17f958d2ee523a2206206994597c13d831e')).toBe(false);
  });

  it('checks the Tron base58check checksum', () => {
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(isTronAddress('TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8')).toBe(true);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    expect(isTronAddress('tr7nhqjekqxgtci8q8zy4pl8otszgjlj6t')).toBe(false);
    expect(isTronAddress('0xdac17f958d2ee523a2206206994597c13d831ec7')).toBe(false);
  });

  it('lower-cases hex and keeps base58 as it is', () => {
    expect(normaliseAddress('0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBe(
      '0xdac17f958d2ee523a2206206994597c13d831ec7',
    );
    expect(normaliseAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(normaliseAddress('native')).toBe('native');
  });
});
