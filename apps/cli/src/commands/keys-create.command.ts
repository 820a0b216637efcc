import { createApiKey, isPlan, PLANS } from '@chainwire/auth';
import type { Database } from '@chainwire/core';
import { CliUsageError, type CliOutput } from '../cli-output';

/** Creates a key and prints it once: the key alone on stdout (for scripts), the notice on stderr. */
export async function keysCreate(
  db: Database,
  options: { plan: string; name?: string },
  out: CliOutput,
): Promise<void> {
  if (!isPlan(options.plan)) {
    throw new CliUsageError(
      `Unknown plan ${JSON.stringify(options.plan)}; expected one of ${PLANS.join(', ')}`,
    );
  }
  const created = await createApiKey(db.dataSource, { plan: options.plan, name: options.name });
  out.error(`Created ${created.plan} API key ${created.id}. It is shown only now; store it safely:`);
  out.log(created.key);
}
