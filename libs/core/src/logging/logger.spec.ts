import { createLogger, type CreateLoggerOptions } from './logger';

describe('createLogger', () => {
  const capture = (options: CreateLoggerOptions) => {
    const lines: string[] = [];
    const logger = createLogger({ ...options, write: (line) => lines.push(line), now: () => new Date(0) });
    return { logger, lines, records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
  };

  it('drops records below the level and tags scopes, one JSON line each', () => {
    const { logger, lines } = capture({ level: 'warn' });
    logger.info('hidden');
    logger.child('indexer').child('ethereum').warn('lagging', { behind: 12n });
    expect(lines).toEqual([
      '{"level":"warn","time":"1970-01-01T00:00:00.000Z","scope":"indexer/ethereum","behind":"12","msg":"lagging"}',
    ]);
  });

  it('reduces URLs in fields, errors and stacks included, to scheme and host', () => {
    const { logger, lines, records } = capture({ level: 'info' });
    const error = new Error(
      'HTTP request failed.\nURL: https://n.example/v3/SECRET123\nRequest body: {"id":1}',
    );
    logger.error('round failed', {
      error,
      stack: error.stack,
      nested: { targets: ['https://h.example/t?token=SECRET456'] },
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/SECRET|Request body/);
    expect(records()[0]).toMatchObject({
      level: 'error',
      msg: 'round failed',
      error: { name: 'Error', message: 'HTTP request failed.\nURL: https://n.example\n' },
      nested: { targets: ['https://h.example'] },
    });
  });

  it('writes shared references in full and cycles once', () => {
    const { logger, records } = capture({ level: 'info' });
    const shared = { at: new Date(0) };
    const cyclic: Record<string, unknown> = { name: 'c' };
    cyclic.self = cyclic;
    logger.info('fields', { a: shared, b: shared, cyclic });
    expect(records()[0]).toMatchObject({
      a: { at: '1970-01-01T00:00:00.000Z' },
      b: { at: '1970-01-01T00:00:00.000Z' },
      cyclic: { name: 'c', self: '[Circular]' },
    });
  });

  it('writes nothing when silent', () => {
    const { logger, lines } = capture({ level: 'silent' });
    logger.error('boom');
    expect(lines).toEqual([]);
  });
});
