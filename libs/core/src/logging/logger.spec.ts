import { createLogger, type CreateLoggerOptions } from './logger';

describe('createLogger', () => {
  const capture = (options: CreateLoggerOptions) => {
    const lines: string[] = [];
    const logger = createLogger({ ...options, write: (line) => lines.push(line), now: () => new Date(0) });
    return { logger, lines };
  };

  it('drops records below the level and tags scopes', () => {
    const { logger, lines } = capture({ level: 'warn' });
    logger.info('hidden');
    logger.child('indexer').child('ethereum').warn('lagging', { behind: 12n });
    expect(lines).toEqual(['1970-01-01T00:00:00.000Z warn  [indexer/ethereum] lagging {"behind":"12"}']);
  });

  it('reduces URLs in fields, errors and stacks included, to scheme and host', () => {
    const { logger, lines } = capture({ level: 'info' });
    const error = new Error(
      'HTTP request failed.\nURL: https://n.example/v3/SECRET123\nRequest body: {"id":1}',
    );
    logger.error('round failed', {
      error,
      stack: error.stack,
      target: 'https://h.example/t?token=SECRET456',
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/SECRET|Request body/);
    expect(JSON.parse(lines[0].slice(lines[0].indexOf('{')))).toMatchObject({
      error: { name: 'Error', message: 'HTTP request failed.\nURL: https://n.example\n' },
      target: 'https://h.example',
    });
  });

  it('writes nothing when silent', () => {
    const { logger, lines } = capture({ level: 'silent' });
    logger.error('boom');
    expect(lines).toEqual([]);
  });
});
