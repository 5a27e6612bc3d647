// The one error shape of the API (docs/architecture.md §5): `{message, code, errors?: {field: messageId}}`
// with a real status. Routes throw HttpError; the handler below also translates yup validation
// errors and Fastify's own 4xx errors, and hides every 5xx detail (no stack, no SQL) from clients.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ValidationError } from 'yup';
import { ERROR_CODES, V, parseMessageRef, type ApiErrorBody, type ErrorCode, type MessageValuesOf } from '../../../src/contract';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string>,
    /** More of the body, beside the fields: the failing rows of a refused file import, a lock's minutes. */
    readonly details?: Pick<ApiErrorBody, 'rows' | 'failedRows' | 'retryAfterMinutes' | 'duplicateRows' | 'importRows'>,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  /** 400 naming each failing field with a message id from the contract's `V`. */
  static validation(errors: Record<string, string>, message = 'Invalid input') {
    return new HttpError(400, ERROR_CODES.validation, message, errors);
  }
  /** 400 for a request that is malformed as a whole (a broken multipart body, say), not a field problem. */
  static badRequest(message = 'Malformed request') {
    return new HttpError(400, ERROR_CODES.badRequest, message);
  }
  static unauthorized(message = 'Not signed in') {
    return new HttpError(401, ERROR_CODES.unauthorized, message);
  }
  static forbidden(message = 'Not allowed') {
    return new HttpError(403, ERROR_CODES.forbidden, message);
  }
  static notFound(message = 'Not found') {
    return new HttpError(404, ERROR_CODES.notFound, message);
  }
  static conflict(errors?: Record<string, string>, message = 'Conflict') {
    return new HttpError(409, ERROR_CODES.conflict, message, errors);
  }
  static tooLarge(message = 'Too large', errors?: Record<string, string>) {
    return new HttpError(413, ERROR_CODES.tooLarge, message, errors);
  }
  static rateLimited(message = 'Too many requests') {
    return new HttpError(429, ERROR_CODES.rateLimited, message);
  }
}

/** The code for statuses Fastify and its plugins raise themselves. Others 4xx become 400. */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: ERROR_CODES.badRequest,
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  408: ERROR_CODES.timeout,
  413: ERROR_CODES.tooLarge,
  415: ERROR_CODES.unsupportedMedia,
  429: ERROR_CODES.rateLimited,
};

/** Seconds a client is told to wait (Retry-After) before sending again a call the database dropped. */
export const DB_RETRY_AFTER_SECONDS = 2;

/**
 * SQLSTATEs that mean the connection (not the statement) failed: class 08 (connection exception),
 * 57P01-57P03 (the server is shutting down or starting up, or an administrator ended the session)
 * and 53300 (no connection slot left).
 */
const CONNECTION_SQLSTATE = /^(?:08...|57P0[123]|53300)$/;
/** Socket errors: the server makes no network calls but the database's. */
const SOCKET_ERRNO = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** What node-postgres and pg-pool say when a connection is gone, cannot be made in time, or the pool is closing. */
const DRIVER_MESSAGE =
  /^(?:Connection terminated(?: unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect|timeout expired|Cannot use a pool after calling end on the pool)$/;

/**
 * Whether `err` (or an error it wraps: Drizzle wraps a failed query's error in `cause`) says the
 * database connection was lost or could not be made, as opposed to a statement that failed. A
 * FATAL error ends the session whatever its code (the database refusing connections, say).
 */
export function isConnectionLoss(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Object && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, severity, message } = e as { code?: unknown; severity?: unknown; message?: unknown };
    if (typeof code === 'string' && (CONNECTION_SQLSTATE.test(code) || SOCKET_ERRNO.has(code))) return true;
    if (severity === 'FATAL' || severity === 'PANIC') return true;
    if (typeof message === 'string' && DRIVER_MESSAGE.test(message)) return true;
  }
  return false;
}

export function toErrorResponse(err: unknown): { status: number; body: ApiErrorBody; headers?: Record<string, string> } {
  if (err instanceof HttpError) {
    return { status: err.statusCode, body: { message: err.message, code: err.code, ...(err.errors && { errors: err.errors }), ...err.details } };
  }
  if (err instanceof ValidationError) return { status: 400, body: validationBody(err) };
  const status = (err as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const known = CODE_BY_STATUS[status];
    // Fastify's 4xx messages describe the request (bad JSON, missing multipart), never internals.
    return { status: known ? status : 400, body: { message: (err as Error).message, code: known ?? ERROR_CODES.badRequest } };
  }
  if (isConnectionLoss(err)) {
    return {
      status: 503,
      body: { message: 'The database is unavailable; try again shortly', code: ERROR_CODES.dbUnavailable },
      headers: { 'retry-after': String(DB_RETRY_AFTER_SECONDS) },
    };
  }
  return { status: 500, body: { message: 'Internal server error', code: ERROR_CODES.internal } };
}

/** Message ids of the contract (V, SHARE_LINK_MESSAGES, CSV_MESSAGES); anything else is a yup default text. */
const MESSAGE_ID = /^(?:validation|shareLink|csv)\./;

/**
 * Every failing path with its first message id; a yup default text becomes checkInput. A message
 * that carries values (`validation.tooLong?max=100`) answers its id in `errors` and its values in
 * `values`, so a client can say the limit.
 */
function validationBody(err: ValidationError): ApiErrorBody {
  const errors: Record<string, string> = {};
  const values: Record<string, MessageValuesOf> = {};
  for (const e of err.inner.length ? err.inner : [err]) {
    if (!e.path || errors[e.path]) continue;
    const message = e.errors[0] ?? V.checkInput;
    const ref = parseMessageRef(MESSAGE_ID.test(message) ? message : V.checkInput);
    errors[e.path] = ref.id;
    if (ref.values) values[e.path] = ref.values;
  }
  return {
    message: 'Invalid input',
    code: ERROR_CODES.validation,
    ...(Object.keys(errors).length && { errors }),
    ...(Object.keys(values).length && { values }),
  };
}

export function sendError(err: unknown, request: FastifyRequest, reply: FastifyReply) {
  const { status, body, headers } = toErrorResponse(err);
  if (status === 503) request.log.warn({ err }, 'database unavailable');
  else if (status >= 500) request.log.error({ err }, 'request failed');
  // No error is worth caching (and errors Fastify raises before routing skip the onSend hooks).
  return reply
    .status(status)
    .headers({ ...headers, 'cache-control': 'no-store' })
    .send(body);
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (a header block over the limit,
 * a malformed request line, a body that never matches its Content-Length): the same body shape as
 * every other error, written straight to the socket, which is then closed as Node does.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, { message: 'Request header fields too large', code: ERROR_CODES.headersTooLarge }]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, { message: 'Request timeout', code: ERROR_CODES.timeout }]
        : [400, { message: 'Malformed request', code: ERROR_CODES.badRequest }];
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Cache-Control: no-store\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(err);
}
