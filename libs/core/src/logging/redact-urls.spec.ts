import { redactUrl, redactUrlsIn } from './redact-urls';

describe('redactUrl', () => {
  it.each([
    ['https://mainnet.infura.io/v3/0123456789abcdef', 'https://mainnet.infura.io'],
    ['https://eth-mainnet.g.alchemy.com/v2/SECRET123', 'https://eth-mainnet.g.alchemy.com'],
    ['https://api.example.com/rpc?apikey=SECRET123&x=1#frag', 'https://api.example.com'],
    ['https://user:SECRET123@node.example:8545/', 'https://node.example:8545'],
    ['wss://mainnet.infura.io/ws/v3/SECRET123', 'wss://mainnet.infura.io'],
    ['ws://127.0.0.1:8546', 'ws://127.0.0.1:8546'],
    ['http://[::1]:8545/v3/SECRET123', 'http://[::1]:8545'],
    ['  https://hooks.example.com/t/SECRET123  ', 'https://hooks.example.com'],
  ])('%s → %s', (url, expected) => expect(redactUrl(url)).toBe(expected));

  it('does not echo what does not parse', () => {
    expect(redactUrl('not a url SECRET123')).toBe('[unparseable URL]');
  });
});

describe('redactUrlsIn', () => {
  it('reduces every URL in a message and keeps the prose around them', () => {
    expect(
      redactUrlsIn(
        'primary https://a.example/v3/SECRET123, fallback (wss://b.example:8443/ws/v2/SECRET456). Done',
      ),
    ).toBe('primary https://a.example, fallback (wss://b.example:8443). Done');
  });

  it('drops user info, query strings and fragments', () => {
    const text = redactUrlsIn('POST https://user:SECRET123@hooks.example/in?token=SECRET456#x failed');
    expect(text).toBe('POST https://hooks.example failed');
  });

  it("drops viem's Request body line and reduces its URL line", () => {
    // viem 2's HttpRequestError text, as it reached the log and /health/ready.
    const viem = [
      'HTTP request failed.',
      '',
      'Status: 429',
      'URL: http://127.0.0.1:45678/v3/SECRET123',
      'Request body: {"method":"eth_getBalance","params":["0x00000000000000000000000000000000000a11ce","latest"]}',
      '',
      'Details: Too Many Requests',
      'Version: viem@2.57.20',
    ].join('\n');
    expect(redactUrlsIn(viem)).toBe(
      [
        'HTTP request failed.',
        '',
        'Status: 429',
        'URL: http://127.0.0.1:45678',
        '',
        'Details: Too Many Requests',
        'Version: viem@2.57.20',
      ].join('\n'),
    );
  });

  it('drops a Request body folded onto one line with everything after it', () => {
    const text = redactUrlsIn(
      'RPC Request failed. URL: https://n.example/v3/SECRET123 Request body: {"params":["0xa11ce"]}',
    );
    expect(text).toBe('RPC Request failed. URL: https://n.example ');
  });

  it('stops a URL at quotes, so JSON around it stays JSON', () => {
    const json = JSON.stringify({ url: 'https://n.example/v3/SECRET123', n: 1 });
    expect(JSON.parse(redactUrlsIn(json))).toEqual({ url: 'https://n.example', n: 1 });
  });

  it('leaves text without URLs as it is', () => {
    expect(redactUrlsIn('block 12 does not extend 0xabc: chain moved')).toBe(
      'block 12 does not extend 0xabc: chain moved',
    );
  });
});
