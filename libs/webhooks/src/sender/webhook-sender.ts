import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { forbiddenAddressReason } from './egress-policy';

export const DEFAULT_TIMEOUT_MS = 18_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024;

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to its addresses (tests inject one instead of real DNS). */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolve: ResolveHost = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface WebhookSenderOptions {
  /** Development only: allow loopback, private and other internal targets. */
  allowPrivateTargets: boolean;
  /** Refuse plain-http webhook URLs. */
  httpsOnly?: boolean;
  timeoutMs?: number;
  /** Bytes of the response read at most; the connection is dropped after them. */
  maxResponseBytes?: number;
  resolve?: ResolveHost;
}

export interface SendResult {
  ok: boolean;
  httpStatus: number | null;
  /** Short and free of secrets; null when ok. */
  error: string | null;
  durationMs: number;
}

/** The webhook target is not allowed (egress policy); never retried into success, but counted like any failure. */
export class RefusedTargetError extends Error {
  constructor(reason: string) {
    super(`refused target: ${reason}`);
    this.name = 'RefusedTargetError';
  }
}

/**
 * One POST per call, with the egress rules of docs/architecture.md §8: the host is resolved once, every address is
 * checked and the connection goes to the checked address (no second resolution to rebind), and the
 * connected peer is checked again; redirects are not followed (a 3xx is a failure); the whole exchange
 * has one deadline; at most `maxResponseBytes` of the response are read.
 */
export class WebhookSender {
  private readonly httpAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  private readonly httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 256 });
  private readonly timeoutMs: number;
  private readonly maxResponseBytes: number;
  private readonly resolve: ResolveHost;

  constructor(private readonly options: WebhookSenderOptions) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.resolve = options.resolve ?? systemResolve;
  }

  async send(url: string, headers: Record<string, string>, body: string): Promise<SendResult> {
    const started = performance.now();
    const done = (httpStatus: number | null, error: string | null): SendResult => ({
      ok: error === null,
      httpStatus,
      error,
      durationMs: Math.max(0, Math.round(performance.now() - started)),
    });
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return done(null, 'invalid webhook URL');
    }
    const secure = target.protocol === 'https:';
    if (!secure && (target.protocol !== 'http:' || this.options.httpsOnly)) {
      return done(null, `refused target: scheme ${target.protocol} not allowed`);
    }
    const deadline = AbortSignal.timeout(this.timeoutMs);
    try {
      const address = await this.vettedAddress(target.hostname.replace(/^\[|\]$/g, ''), deadline);
      const status = await this.post(target, secure, address, headers, body, deadline);
      if (status >= 200 && status < 300) return done(status, null);
      if (status >= 300 && status < 400) return done(status, `redirect (HTTP ${status}) not followed`);
      return done(status, `HTTP ${status}`);
    } catch (error) {
      return done(null, describe(error, deadline, this.timeoutMs));
    }
  }

  /** The address to connect to: the literal itself, or the first resolved one, all of them checked. */
  private async vettedAddress(host: string, deadline: AbortSignal): Promise<ResolvedAddress> {
    const literal = isIP(host);
    const addresses = literal
      ? [{ address: host, family: literal }]
      : await raceAbort(this.resolve(host), deadline);
    if (addresses.length === 0) throw new Error(`no address for ${host}`);
    if (!this.options.allowPrivateTargets) {
      for (const a of addresses) {
        const reason = forbiddenAddressReason(a.address);
        if (reason)
          throw new RefusedTargetError(literal ? reason : `${host} resolves to a ${reason} address`);
      }
    }
    return addresses[0];
  }

  private post(
    target: URL,
    secure: boolean,
    address: ResolvedAddress,
    headers: Record<string, string>,
    body: string,
    deadline: AbortSignal,
  ): Promise<number> {
    const payload = Buffer.from(body, 'utf8');
    // Hands the connection the vetted address, so the name is not resolved a second time.
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all)
        (callback as (e: null, a: ResolvedAddress[]) => void)(null, [address]);
      else callback(null, address.address, address.family);
    };
    return new Promise<number>((resolve, reject) => {
      const request = (secure ? https : http).request(
        {
          protocol: target.protocol,
          hostname: target.hostname.replace(/^\[|\]$/g, ''),
          port: target.port || (secure ? 443 : 80),
          path: `${target.pathname}${target.search}`,
          method: 'POST',
          agent: secure ? this.httpsAgent : this.httpAgent,
          lookup: pinned,
          headers: { ...headers, 'content-length': String(payload.length) },
          signal: deadline,
        },
        (response) => {
          let read = 0;
          const status = response.statusCode ?? 0;
          response.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > this.maxResponseBytes) {
              // Enough: the status is known, the rest is not worth a byte more.
              response.destroy();
              resolve(status);
            }
          });
          response.on('end', () => resolve(status));
          response.on('error', reject);
          response.on('close', () => resolve(status));
        },
      );
      request.on('socket', (socket: Socket) => {
        const check = () => {
          const peer = socket.remoteAddress;
          const reason = peer && !this.options.allowPrivateTargets ? forbiddenAddressReason(peer) : null;
          if (reason) request.destroy(new RefusedTargetError(`connected to a ${reason} address`));
        };
        if (socket.connecting) socket.once('connect', check);
        else check();
      });
      request.on('error', reject);
      request.end(payload);
    });
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function describe(error: unknown, deadline: AbortSignal, timeoutMs: number): string {
  if (deadline.aborted) return `timeout after ${timeoutMs} ms`;
  if (error instanceof RefusedTargetError) return error.message;
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNRESET':
      return 'connection reset';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host not found';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'host unreachable';
    default:
      if (code && /^(ERR_TLS|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED|ERR_SSL)/.test(code))
        return `TLS error (${code})`;
      return code
        ? `connection error (${code})`
        : `request failed: ${(error as Error).message ?? String(error)}`.slice(0, 200);
  }
}
