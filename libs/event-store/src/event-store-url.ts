/** Schemes @kurrent/kurrentdb-client accepts; `esdb` ones are EventStoreDB's older names. */
const KURRENTDB_SCHEMES = ['kurrentdb', 'kurrent', 'kdb', 'esdb'];

/** True when the URL names a KurrentDB / EventStoreDB server (plain or `+discover`). */
export function isKurrentDbUrl(url: string): boolean {
  const scheme = /^([a-z]+)(\+discover)?:\/\//i.exec(url.trim());
  return scheme !== null && KURRENTDB_SCHEMES.includes(scheme[1].toLowerCase());
}

/** The URL with `esdb` spelled `kurrentdb`, which the client accepts without a deprecation warning. */
export function toKurrentDbConnectionString(url: string): string {
  return url
    .trim()
    .replace(
      /^esdb(\+discover)?:\/\//i,
      (_, discover: string | undefined) => `kurrentdb${discover ?? ''}://`,
    );
}

/** The URL without its password, for logs. */
export function redactUrl(url: string): string {
  return url.replace(/(:\/\/[^:/@]+):[^@/]*@/, '$1:***@');
}
