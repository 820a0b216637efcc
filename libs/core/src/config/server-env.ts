import { z } from 'zod';
import { LOG_LEVELS } from '../logging/logger';
import { optionalVar, withDefault } from './env-var';
import { commaList, portNumber } from './validators';

export const ROLES = ['api', 'indexer', 'projector', 'dispatcher'] as const;
export type Role = (typeof ROLES)[number];

/** Prometheus' registered default port for exporters of this kind. */
export const DEFAULT_METRICS_PORT = 9464;

/** The process: its ports, roles, data directory, log level and dev key. */
export const serverEnv = z.object({
  PORT: withDefault(portNumber, '3000', 'HTTP port of the API.'),
  HEALTH_PORT: optionalVar(
    portNumber,
    '—',
    'A process without the `api` role serves `/health/live` and `/health/ready` on this port; with the `api` role they are on `PORT`.',
  ),
  METRICS_PORT: optionalVar(
    portNumber,
    `\`${DEFAULT_METRICS_PORT}\` standalone; none with \`DATABASE_URL\``,
    '`GET /metrics` (Prometheus, no key) on this port. Standalone, a port already taken turns metrics off with a warning; a port set here must be served.',
  ),
  METRICS_HOST: withDefault(
    z.string().trim().min(1),
    '127.0.0.1',
    'Interface of the metrics port. The metrics carry no key: widen it only where the scraper alone reaches.',
  ),
  DATA_DIR: withDefault(
    z.string(),
    './.data',
    'Embedded database files, dev chain state, generated dev API key and webhook secret key.',
  ),
  DEV_API_KEY: optionalVar(
    z
      .string()
      .regex(/^[\x21-\x7e]{16,256}$/, { error: 'must be 16 to 256 printable characters without spaces' }),
    'generated into `DATA_DIR` in standalone mode',
    'An API key ensured at boot on the top plan.',
  ),
  ROLES: withDefault(
    commaList().pipe(
      z
        .array(
          z.enum(ROLES, {
            error: (i) => `unknown role ${JSON.stringify(i.input)}; expected ${ROLES.join(', ')}`,
          }),
        )
        .min(1, { error: `must name at least one of ${ROLES.join(', ')}` }),
    ),
    ROLES.join(','),
    'Which roles this process runs.',
  ),
  LOG_LEVEL: withDefault(
    z.enum(LOG_LEVELS, {
      error: (i) => `unknown level ${JSON.stringify(i.input)}; expected ${LOG_LEVELS.join(', ')}`,
    }),
    'info',
    '`debug`, `info`, `warn` or `error`.',
  ),
});
