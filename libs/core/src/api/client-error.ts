import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { errorEnvelope } from './envelope';
import { codeForStatus } from './error-codes';

/**
 * Answers a request Node's HTTP parser refused before Fastify saw it: a request line and headers over
 * the header size limit (a 100 KB query string), an unknown method, broken framing, a request not
 * received in time. Fastify's default handler answers those with a body of its own shape; clients
 * get the error envelope for them, as for every other error.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const message =
    status === 408
      ? 'The request was not received in time'
      : status === 431
        ? 'The request line and headers are too large'
        : 'Malformed HTTP request';
  const body = JSON.stringify(errorEnvelope(codeForStatus(status), message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
