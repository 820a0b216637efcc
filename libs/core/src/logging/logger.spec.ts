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

  it('writes nothing when silent', () => {
    const { logger, lines } = capture({ level: 'silent' });
    logger.error('boom');
    expect(lines).toEqual([]);
  });
});
