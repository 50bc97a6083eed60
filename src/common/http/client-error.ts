import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { ErrorCode } from '../errors/error-codes';
import { PROBLEM_CONTENT_TYPE, problemType } from '../errors/problem';

/** What Node's HTTP parser refuses before any request exists, by its error code. */
function classify(code: string | undefined): { status: number; code: ErrorCode; detail: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, code: 'REQUEST_TIMEOUT', detail: 'The request was not received in time' };
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, code: 'HEADERS_TOO_LARGE', detail: 'The request line or headers exceed 16 KiB' };
  if (code === 'HPE_INVALID_METHOD') return { status: 400, code: 'MALFORMED_REQUEST', detail: 'Unknown HTTP method' };
  return { status: 400, code: 'MALFORMED_REQUEST', detail: 'The HTTP request is malformed' };
}

/**
 * Fastify's `clientErrorHandler`: what the HTTP parser rejects (an unknown method, a NUL or a
 * control character in a header, headers over the size limit, a request that never completes) is
 * answered in problem details too, like every other failure, then the connection is closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const problem = classify(error.code);
    const title = STATUS_CODES[problem.status] ?? 'Error';
    const body = JSON.stringify({ type: problemType(problem.code), title, status: problem.status, detail: problem.detail, code: problem.code });
    socket.write(
      `HTTP/1.1 ${problem.status} ${title}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\nContent-Length: ` +
        `${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
