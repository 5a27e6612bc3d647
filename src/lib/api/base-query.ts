// docs/product.md §7's shared request helper as an RTK Query base query. Every call: a JSON content type
// (FormData bodies keep the browser's multipart type), `Authorization: JWT <token>` when a token
// is stored, parsed JSON when the response says json and `true` otherwise. Any failure becomes
// an ApiError carrying the HTTP status, the Persian "error in communication with the server" and
// the server's code and field errors, so forms can show them on their fields.
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { API_PREFIX, AUTH_SCHEME, messageRef, type ApiErrorBody, type CsvRowError } from '@/contract';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestArgs {
  url: string;
  method?: HttpMethod;
  body?: unknown;
  params?: QueryParams;
  headers?: Record<string, string>;
  /** `text`: a successful answer is read as text whatever its type (an SVG, a JSON file to save as is). */
  responseType?: 'text';
}

export interface ApiError {
  /** The HTTP status, or 0 when no response arrived. */
  status: number;
  message: string;
  code?: string;
  errors?: Record<string, string>;
  /** Per-row problems of a file import (the profile CSV's 400: `{row, field, reason}`), when the body lists them. */
  rows?: CsvRowError[];
  /** How many rows of that file failed in all; `rows` names the first of them only. */
  failedRows?: number;
  /** A sign-in lock's whole minutes left (its 429). */
  retryAfterMinutes?: number;
  /** A profile import's rows that repeat an address, and all its rows (its 409 DUPLICATE_PROFILES). */
  duplicateRows?: number;
  importRows?: number;
}

export const COMMUNICATION_ERROR = 'خطا در ارتباط با سرور';

const apiOrigin = (typeof API_BASE_URL === 'string' ? API_BASE_URL : '').replace(/\/+$/, '');

/** `users/current` → `{API_BASE_URL}/api/v1/users/current`, with defined params appended. */
export function apiUrl(path: string, params?: QueryParams): string {
  const base = `${apiOrigin}${API_PREFIX}/${path.replace(/^\/+/, '')}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined) search.append(key, String(value));
  }
  const query = search.toString();
  return query ? `${base}${base.includes('?') ? '&' : '?'}${query}` : base;
}

/** Field errors as message refs: a field whose message names values (a limit) carries them (`id?max=100`). */
function withValues(errors: Record<string, string>, values: ApiErrorBody['values']): Record<string, string> {
  if (!values || typeof values !== 'object') return errors;
  return Object.fromEntries(Object.entries(errors).map(([field, id]) => [field, values[field] ? messageRef(id, values[field]) : id]));
}

function failure(status: number, body?: unknown): { error: ApiError } {
  const known = (body && typeof body === 'object' ? body : {}) as Partial<ApiErrorBody>;
  return {
    error: {
      status,
      message: COMMUNICATION_ERROR,
      ...(typeof known.code === 'string' ? { code: known.code } : {}),
      ...(known.errors && typeof known.errors === 'object' ? { errors: withValues(known.errors, known.values) } : {}),
      ...(Array.isArray((known as { rows?: unknown }).rows) ? { rows: (known as { rows: ApiError['rows'] }).rows } : {}),
      ...(typeof known.failedRows === 'number' ? { failedRows: known.failedRows } : {}),
      ...(typeof known.retryAfterMinutes === 'number' ? { retryAfterMinutes: known.retryAfterMinutes } : {}),
      ...(typeof known.duplicateRows === 'number' ? { duplicateRows: known.duplicateRows, importRows: known.importRows ?? known.duplicateRows } : {}),
    },
  };
}

/** One request with the shared helper's rules; `token` comes from the store. */
export async function request(args: RequestArgs, token: string | null, signal?: AbortSignal): Promise<{ data: unknown } | { error: ApiError }> {
  const isForm = typeof FormData !== 'undefined' && args.body instanceof FormData;
  const headers: Record<string, string> = {
    ...(isForm ? {} : { 'Content-Type': 'application/json' }),
    ...args.headers,
  };
  if (token) headers.Authorization = `${AUTH_SCHEME} ${token}`;
  const body = args.body === undefined ? undefined : isForm ? (args.body as FormData) : JSON.stringify(args.body);

  let response: Response;
  try {
    response = await fetch(apiUrl(args.url, args.params), { method: args.method ?? 'GET', headers, body, signal });
  } catch {
    return failure(0);
  }

  let data: unknown = true;
  if (args.responseType === 'text' && response.ok) {
    try {
      data = await response.text();
    } catch {
      return failure(0);
    }
  } else if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      data = await response.json();
    } catch {
      return failure(response.ok ? 0 : response.status);
    }
  }
  return response.ok ? { data } : failure(response.status, data);
}

type Answer = Awaited<ReturnType<typeof request>>;
const early = new Map<string, Promise<Answer>>();
const earlyKey = (path: string, token: string) => `${token} ${path}`;

/** A response already read the way `request` reads one (status 0: none arrived; no body: unreadable). */
export interface ReadAnswer {
  status: number;
  ok: boolean;
  body?: unknown;
}

/**
 * Sends a read before the app has loaded (the bootstrap asks for a stored session's user with
 * main.js), or takes one already sent (`sent`: index.html's own call, boot/early-user.ts):
 * the app's first call of the same path with the same token takes its answer instead of asking
 * again. Once only: every later call goes out as usual.
 */
export function requestEarly(path: string, token: string, sent?: Promise<ReadAnswer>): Promise<Answer> {
  const key = earlyKey(path, token);
  const answer =
    early.get(key) ?? sent?.then((read): Answer => (read.ok ? { data: read.body } : failure(read.status, read.body))) ?? request({ url: path }, token);
  early.set(key, answer);
  return answer;
}

export const panelBaseQuery: BaseQueryFn<string | RequestArgs, unknown, ApiError> = (args, api) => {
  const token = (api.getState() as { auth?: { token: string | null } }).auth?.token ?? null;
  if (typeof args === 'string' && token) {
    const key = earlyKey(args, token);
    const sent = early.get(key);
    if (sent) {
      early.delete(key);
      return sent;
    }
  }
  return request(typeof args === 'string' ? { url: args } : args, token, api.signal);
};
