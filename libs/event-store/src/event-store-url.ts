/** Schemes @kurrent/kurrentdb-client accepts; `esdb` ones are EventStoreDB's older names. */
const KURRENTDB_SCHEMES = ['kurrentdb', 'kurrent', 'kdb', 'esdb'];

/** True when the URL names a KurrentDB / EventStoreDB server (plain or `+discover`). */
export function isKurrentDbUrl(url: string): boolean {
  const scheme = /^([a-z]+)(\+discover)?:\/\//i.exec(url.trim());
  return scheme !== null && KURRENTDB_SCHEMES.includes(scheme[1].toLowerCase());
}

/**
 * The URL as the client accepts it: the scheme in lower case (the client refuses `KurrentDB://`, which URL
 * parsing and our config accept), and `esdb` spelled `kurrentdb`, which the client takes without a
 * deprecation warning. The rest (host, credentials, query) is left as written.
 */
export function toKurrentDbConnectionString(url: string): string {
  return url
    .trim()
    .replace(/^([a-z]+)(\+discover)?:\/\//i, (whole, scheme: string, discover: string | undefined) => {
      const lower = scheme.toLowerCase();
      if (!KURRENTDB_SCHEMES.includes(lower)) return whole;
      return `${lower === 'esdb' ? 'kurrentdb' : lower}${discover?.toLowerCase() ?? ''}://`;
    });
}

/** The URL without its password, for logs. */
export function redactUrl(url: string): string {
  return url.replace(/(:\/\/[^:/@]+):[^@/]*@/, '$1:***@');
}
