import { z } from 'zod';

/** What the README's configuration table says about one variable (scripts/config-table.ts prints it). */
export interface EnvVarDoc {
  /** The default as the table shows it: a value in backticks, or words ("— (dev chain)"). */
  readonly default: string;
  /** One line. */
  readonly description: string;
}

/** Every declared variable's schema → its documentation; the table is read from here, never written by hand. */
export const envVarDocs = z.registry<EnvVarDoc>();

/** Empty strings count as unset, as docker-compose and shells often pass them. */
export const isBlank = (v: unknown): boolean => v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * A variable with a default: unset or blank, `defaultText` is parsed by the same schema as a value
 * given, so the default is valid by construction and the table shows exactly what applies.
 */
export function withDefault<T extends z.ZodType<unknown, string>>(
  schema: T,
  defaultText: string,
  description: string,
  /** How the table states the default, when the text itself says little (an empty list). */
  shown = `\`${defaultText}\``,
) {
  return documented(
    z.preprocess((v) => (isBlank(v) ? defaultText : v), schema),
    { default: shown, description },
  );
}

/**
 * A variable whose absence means something (a dev chain, a feature off, a value the process derives);
 * `absent` says what, for the table.
 */
export function optionalVar<T extends z.ZodType<unknown, string>>(
  schema: T,
  absent: string,
  description: string,
) {
  return documented(
    z.preprocess((v) => (isBlank(v) ? undefined : v), schema.optional()),
    { default: absent, description },
  );
}

/** A variable that must be given where it is read (e.g. `<CHAIN>_RPC_URL` once EVM_CHAINS names the chain). */
export function requiredVar<T extends z.ZodType<unknown, string>>(schema: T, description: string) {
  return documented(
    z.preprocess((v) => v ?? '', schema),
    { default: '—', description },
  );
}

function documented<S extends z.ZodType>(schema: S, doc: EnvVarDoc): S {
  envVarDocs.add(schema as z.ZodType, doc);
  return schema;
}
