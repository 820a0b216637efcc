import http from 'node:http';
import https from 'node:https';
import { isIP, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import {
  forbiddenAddressReason,
  httpExchange,
  redactUrlsIn,
  type ResolvedAddress,
  type ResolveHost,
} from '@chainwire/core';
import { CachingResolver, HostNotFoundError } from './caching-resolver';
import { DispatcherFaultError } from './dispatcher-fault';

export type { ResolvedAddress, ResolveHost };

export const DEFAULT_TIMEOUT_MS = 18_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024;

/** Keep-alive connections (docs/architecture.md §8): bounded per host and in all, closed when idle. */
export interface ConnectionLimits {
  /** Sockets open to one host:port at most (in use and idle). Default 64. */
  maxSocketsPerHost?: number;
  /** Sockets open at most, all hosts together. Default 256. */
  maxSockets?: number;
  /** An idle keep-alive socket is closed after this long. Default 10 s. */
  idleTimeoutMs?: number;
}

export interface WebhookSenderOptions {
  /** Development only: allow loopback, private and other internal targets. */
  allowPrivateTargets: boolean;
  /** Refuse plain-http webhook URLs. */
  httpsOnly?: boolean;
  timeoutMs?: number;
  /** Bytes of the response read at most; the connection is dropped after them. */
  maxResponseBytes?: number;
  /** Default: a CachingResolver on `dnsServers`. */
  resolve?: ResolveHost;
  /** `host[:port]` of the DNS servers; empty or absent: the system's. */
  dnsServers?: readonly string[];
  connections?: ConnectionLimits;
}

export interface SendResult {
  ok: boolean;
  httpStatus: number | null;
  /** Short and free of secrets; null when ok. */
  error: string | null;
  durationMs: number;
  /** Set when the dispatcher's side failed: the attempt does not count (see DispatcherFaultError). */
  dispatcherFault?: DispatcherFaultError;
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
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;
  private readonly timeoutMs: number;
  private readonly maxResponseBytes: number;
  private readonly resolve: ResolveHost;
  private readonly resolver?: CachingResolver;
  private readonly idleSweep: NodeJS.Timeout;

  constructor(private readonly options: WebhookSenderOptions) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    if (options.resolve) this.resolve = options.resolve;
    else {
      this.resolver = new CachingResolver({ servers: options.dnsServers });
      this.resolve = this.resolver.resolve;
    }
    const limits = options.connections ?? {};
    const perHost = limits.maxSocketsPerHost ?? 64;
    const agentOptions: http.AgentOptions = {
      keepAlive: true,
      maxSockets: perHost,
      maxTotalSockets: limits.maxSockets ?? 256,
      // As many idle as may be busy: fewer would close and reopen connections under steady load.
      maxFreeSockets: perHost,
    };
    this.httpAgent = new http.Agent(agentOptions);
    this.httpsAgent = new https.Agent(agentOptions);
    this.idleSweep = closeIdleSockets([this.httpAgent, this.httpsAgent], limits.idleTimeoutMs ?? 10_000);
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
      // A pooled connection the server closed as it was reused is sent afresh (httpExchange); receivers
      // de-duplicate by webhook-id, so the rare resend of a request that did arrive is harmless.
      const status = await this.post(target, address, headers, body, deadline);
      if (status >= 200 && status < 300) return done(status, null);
      if (status >= 300 && status < 400) return done(status, `redirect (HTTP ${status}) not followed`);
      return done(status, `HTTP ${status}`);
    } catch (error) {
      if (error instanceof DispatcherFaultError)
        return { ...done(null, error.message), dispatcherFault: error };
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

  private async post(
    target: URL,
    address: ResolvedAddress,
    headers: Record<string, string>,
    body: string,
    deadline: AbortSignal,
  ): Promise<number> {
    const answer = await httpExchange(target, {
      method: 'POST',
      headers,
      body,
      signal: deadline,
      // Enough: past these bytes the status is known and the rest is not worth a byte more.
      maxBytes: this.maxResponseBytes,
      overLimit: 'status',
      agent: target.protocol === 'https:' ? this.httpsAgent : this.httpAgent,
      address,
      checkPeer: (peer) => {
        const reason = this.options.allowPrivateTargets ? null : forbiddenAddressReason(peer);
        return reason ? new RefusedTargetError(`connected to a ${reason} address`) : null;
      },
    });
    return answer.status;
  }

  close(): void {
    clearInterval(this.idleSweep);
    this.resolver?.cancel();
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}

const IDLE_SINCE = Symbol('idleSince');

/**
 * Closes pooled keep-alive sockets idle for `idleMs`. The agent's own `timeout` option would do it too, but
 * it arms a timer on every socket in use as well, which measurably slowed the dispatcher under load.
 */
function closeIdleSockets(agents: readonly http.Agent[], idleMs: number): NodeJS.Timeout {
  for (const agent of agents) {
    agent.on('free', (socket: Socket & { [IDLE_SINCE]?: number }) => (socket[IDLE_SINCE] = Date.now()));
  }
  return setInterval(
    () => {
      const cutoff = Date.now() - idleMs;
      for (const agent of agents) {
        for (const sockets of Object.values(agent.freeSockets)) {
          for (const socket of (sockets ?? []) as (Socket & { [IDLE_SINCE]?: number })[]) {
            if ((socket[IDLE_SINCE] ?? 0) <= cutoff) socket.destroy();
          }
        }
      }
    },
    Math.max(50, Math.min(idleMs / 2, 5_000)),
  ).unref();
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
  if (error instanceof RefusedTargetError || error instanceof HostNotFoundError) return error.message;
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
        : // status_reason is shown to operators and the key's holder: a URL in it (the receiver's token) is reduced.
          `request failed: ${redactUrlsIn((error as Error).message ?? String(error))}`.slice(0, 200);
  }
}
