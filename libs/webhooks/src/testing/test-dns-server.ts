import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import * as dnsPacket from 'dns-packet';

export interface TestDnsServer {
  /** `127.0.0.1:<port>`, for WEBHOOK_DNS_SERVERS / CachingResolver servers. */
  readonly server: string;
  /** Questions received, as `<type> <name>`. */
  readonly queries: string[];
  /** What it serves; may be changed while it runs. */
  readonly zone: TestZone;
  close(): Promise<void>;
}

export interface TestZone {
  /** name → IPv4 address (A answers; AAAA gets an empty answer). */
  addresses?: Record<string, string>;
  /** TTL of every answer in seconds. Default 60. */
  ttl?: number;
  /** Names whose questions are read and never answered (a dead authoritative server behind us). */
  silent?: string[];
  /** Answer nothing at all (a resolver that is down). */
  mute?: boolean;
}

/**
 * A real DNS server over UDP on 127.0.0.1 for tests (dns-packet encodes the wire format): answers A for the
 * zone's names, NXDOMAIN for unknown ones, the root's NS (what CachingResolver probes), and nothing for
 * the silent names.
 */
export async function startTestDnsServer(zone: TestZone): Promise<TestDnsServer> {
  const queries: string[] = [];
  const socket: Socket = createSocket('udp4');
  socket.on('message', (message, peer) => {
    const query = dnsPacket.decode(message);
    const question = query.questions?.[0];
    if (!question) return;
    queries.push(`${question.type} ${question.name}`);
    if (zone.mute || zone.silent?.includes(question.name)) return;
    const ttl = zone.ttl ?? 60;
    const address = zone.addresses?.[question.name];
    const answers: dnsPacket.Answer[] = [];
    if (question.type === 'A' && address)
      answers.push({ type: 'A', name: question.name, ttl, data: address });
    if (question.type === 'NS' && question.name === '')
      answers.push({ type: 'NS', name: '', ttl, data: 'a.root-servers.net' });
    const known = address !== undefined || question.name === '';
    const reply = dnsPacket.encode({
      id: query.id,
      type: 'response',
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (known ? 0 : 3),
      questions: [question],
      answers,
    });
    socket.send(reply, peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    server: `127.0.0.1:${(socket.address() as AddressInfo).port}`,
    queries,
    zone,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
