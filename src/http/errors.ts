import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, type ErrorCode } from '../errors.js';
import { StoreBusyError } from '../store/busy.js';
import { HSTS } from './tls.js';

/**
 * Every failure as the one canonical body `{ error, message, request_id, detail? }`:
 * errors of operations, of the framework, and of requests the HTTP parser refuses
 * before there is a request at all.
 */

/** Requests the HTTP parser refuses, by the parser's error code. */
const PARSER_ERRORS: Partial<Record<string, ErrorCode>> = {
  HPE_HEADER_OVERFLOW: 'header_fields_too_large',
  ERR_HTTP_REQUEST_TIMEOUT: 'request_timeout',
  HPE_URI_TOO_LONG: 'uri_too_long',
};

/** Fastify's own errors of a request (body too large...) as registry codes. */
const ERRORS_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  408: 'request_timeout',
  413: 'payload_too_large',
  414: 'uri_too_long',
  431: 'header_fields_too_large',
};

const bodyOf = (e: ApiError, requestId: string) => ({
  error: e.code,
  message: e.message,
  request_id: requestId,
  ...(e.detail ? { detail: e.detail } : {}),
});

/** The canonical error body, with a fresh request id, for a request the HTTP parser refused. */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const e = new ApiError(PARSER_ERRORS[err.code ?? ''] ?? 'bad_request');
  const id = randomUUID();
  const body = JSON.stringify(bodyOf(e, id));
  // Over the server's own TLS, as every other answer there.
  const hsts = (socket as Partial<TLSSocket>).encrypted === true ? `Strict-Transport-Security: ${HSTS}\r\n` : '';
  socket.end(
    `HTTP/1.1 ${e.status} ${http.STATUS_CODES[e.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nx-request-id: ${id}\r\n${hsts}Connection: close\r\n\r\n${body}`,
  );
}

/** The subset of a reply the router's error hook gets (it runs before Fastify's reply exists). */
interface RawReply {
  code(n: number): RawReply;
  header(k: string, v: string): RawReply;
  send(b: string): void;
}

/** An undecodable path gets the canonical error body, with its request id. */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const e =
    error.code === 'FST_ERR_BAD_URL'
      ? new ApiError('bad_request', 'The request path could not be decoded.')
      : new ApiError('internal_error');
  if (e.status >= 500) request.log.error({ err: error, reqId: request.id }, 'framework error');
  (reply as unknown as RawReply)
    .code(e.status)
    .header('x-request-id', request.id)
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify(bodyOf(e, request.id)));
}

/** DuckDB reports a missing or unreadable database file as an IO error. */
function isUnavailable(err: Error): boolean {
  const m = err.message;
  return (
    m.startsWith('IO Error') || m.includes('Connection Error') || (m.includes('database ') && m.includes(' is closed'))
  );
}

/** How soon a refused client may try again, in seconds, when the data store is saturated. */
const BUSY_RETRY_AFTER_S = 1;

function asApiError(err: FastifyError | ApiError | StoreBusyError, request: FastifyRequest): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof StoreBusyError) {
    return new ApiError('provider_unavailable', 'The data store is saturated; retry in a moment.', {
      headers: { 'retry-after': String(BUSY_RETRY_AFTER_S) },
    });
  }
  if (isUnavailable(err)) {
    request.log.error({ err }, 'data store unavailable');
    return new ApiError('provider_unavailable');
  }
  if (err.statusCode && err.statusCode < 500) return new ApiError(ERRORS_BY_STATUS[err.statusCode] ?? 'bad_request');
  request.log.error({ err, reqId: request.id }, 'unhandled error');
  return new ApiError('internal_error');
}

/**
 * HTTP/1.1 asks every request to name its host (RFC 9112 §3.2): one without is
 * refused before any other check, as the parser's refusals are, with the canonical body.
 */
export function requireHost(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.raw.httpVersion !== '1.1' || request.headers.host !== undefined) return done();
    void reply.header('x-request-id', request.id);
    done(new ApiError('bad_request', 'An HTTP/1.1 request needs a Host header.'));
  });
}

/** Errors of operations and unknown paths as canonical bodies; 500s are logged with their request id. */
export function registerErrorAnswers(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | ApiError | StoreBusyError, request, reply) => {
    const e = asApiError(err, request);
    return reply.code(e.status).headers(e.headers).send(bodyOf(e, request.id));
  });
  app.setNotFoundHandler((request, reply) => {
    const e = new ApiError('not_found', `No operation at ${request.method} ${request.url.split('?')[0]}.`);
    return reply.code(404).send(bodyOf(e, request.id));
  });
}
