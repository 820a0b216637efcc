import { displayContract, parseAccountAddress } from './account-address';

describe('parseAccountAddress', () => {
  const checksummed = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

  it('checksums EVM addresses and keys them in lower case', () => {
    expect(parseAccountAddress('Ethereum', checksummed.toLowerCase())).toEqual({
      display: checksummed,
      key: checksummed.toLowerCase(),
    });
    expect(parseAccountAddress('Ethereum', ` ${checksummed} `).display).toBe(checksummed);
  });

  it.each(['0x123', 'hello', checksummed.replace('f39F', 'F39F'), `${checksummed}00`, ''])(
    'rejects %p with INVALID_ADDRESS',
    (raw) => {
      expect(() => parseAccountAddress('Ethereum', raw)).toThrow(
        expect.objectContaining({ code: 'INVALID_ADDRESS' }),
      );
    },
  );

  it('validates Tron base58check addresses', () => {
    const usdt = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    expect(parseAccountAddress('Tron', usdt)).toEqual({ display: usdt, key: usdt });
    expect(() => parseAccountAddress('Tron', usdt.replace('TR7', 'TR8'))).toThrow(
      expect.objectContaining({ code: 'INVALID_ADDRESS' }),
    );
  });

  it('accepts the hex form of a Tron address and answers base58', () => {
    const usdt = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    expect(parseAccountAddress('Tron', '41a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toEqual({
      display: usdt,
      key: usdt,
    });
    expect(parseAccountAddress('Tron', '0x41A614F803B6FD780986A42C78EC9C7F77E6DED13C').display).toBe(usdt);
    for (const bad of [
      'a614f803b6fd780986a42c78ec9c7f77e6ded13c',
      '42a614f803b6fd780986a42c78ec9c7f77e6ded13c',
    ]) {
      expect(() => parseAccountAddress('Tron', bad)).toThrow(
        expect.objectContaining({ code: 'INVALID_ADDRESS' }),
      );
    }
  });

  it('refuses families it cannot handle yet', () => {
    expect(() => parseAccountAddress('Bitcoin', 'bc1q')).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED_CHAIN' }),
    );
  });

  it('checksums EVM contracts for display', () => {
    expect(displayContract('Ethereum', checksummed.toLowerCase())).toBe(checksummed);
    expect(displayContract('Ethereum', 'native')).toBe('native');
  });
});
