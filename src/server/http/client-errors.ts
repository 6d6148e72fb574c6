import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/**
 * Requests Node refuses before the app sees them (headers over the limit, malformed HTTP) get the
 * API's `{error, code}` body instead of Node's bare status line with an empty body.
 */
export function answerClientErrors(server: Pick<Server, 'on'>): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || (socket as Duplex & { _httpMessage?: unknown })._httpMessage) {
      socket.destroy();
      return;
    }
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const body = JSON.stringify(
      status === 431
        ? { error: 'The request headers are too large', code: 'headers_too_large' }
        : status === 408
          ? { error: 'The request took too long to arrive', code: 'request_timeout' }
          : { error: 'Malformed request', code: 'bad_request' },
    );
    socket.end(
      `HTTP/1.1 ${status} ${REASONS[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        'X-Content-Type-Options: nosniff\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
