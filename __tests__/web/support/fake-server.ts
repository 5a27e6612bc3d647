// A fake API for web tests: global fetch is replaced by a small route table, so the real base
// query, store and components run end to end. Every request is recorded for assertions.
import { API_PREFIX } from '../../../src/contract';

export interface FakeRequest {
  method: string;
  /** Path below /api/v1, e.g. 'users/current'. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  /** Parsed JSON body, the FormData of a multipart call, or undefined. */
  body: unknown;
  params: Record<string, string>;
}

export interface FakeResponse {
  status: number;
  /** JSON, text (with a non-JSON contentType), or a stream of bytes sent as they are enqueued. */
  body?: unknown;
  /** Defaults to JSON when a body is given. */
  contentType?: string;
}

type Handler = (req: FakeRequest) => FakeResponse | Promise<FakeResponse>;

export const json = (body: unknown, status = 200): FakeResponse => ({ status, body });
export const apiError = (status: number, code: string, errors?: Record<string, string>): FakeResponse => ({
  status,
  body: { message: 'error', code, ...(errors ? { errors } : {}) },
});

export class FakeServer {
  requests: FakeRequest[] = [];
  private routes: { method: string; pattern: RegExp; keys: string[]; handler: Handler }[] = [];
  private originalFetch: typeof fetch | undefined;

  /** `on('GET', 'users/current', handler)`; `:name` segments become params. Later routes win. */
  on(method: string, path: string, handler: Handler | FakeResponse): this {
    const keys: string[] = [];
    const pattern = new RegExp(`^${path.replace(/:([a-zA-Z]+)/g, (_m, key: string) => (keys.push(key), '([^/]+)'))}$`);
    this.routes.unshift({ method, pattern, keys, handler: typeof handler === 'function' ? handler : () => handler });
    return this;
  }

  /** Requests to one path (and method), oldest first. */
  calls(method: string, path: string): FakeRequest[] {
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  /** Forget routes and recorded requests. */
  reset(): this {
    this.routes = [];
    this.requests = [];
    return this;
  }

  install(): this {
    this.originalFetch = globalThis.fetch;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => this.handle(input, init)) as typeof fetch;
    return this;
  }

  restore(): void {
    if (this.originalFetch) globalThis.fetch = this.originalFetch;
  }

  private async handle(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const url = new URL(String(input), window.location.href);
    const prefix = `${API_PREFIX}/`;
    const path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : url.pathname;
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : (init.body ?? undefined);
    const method = (init.method ?? 'GET').toUpperCase();
    const request: FakeRequest = { method, path, query: url.searchParams, headers, body, params: {} };
    this.requests.push(request);
    const route = this.routes.find((r) => r.method === method && r.pattern.test(path));
    if (!route)
      return new Response(JSON.stringify({ message: 'no fake route', code: 'NOT_FOUND' }), { status: 404, headers: { 'content-type': 'application/json' } });
    const match = route.pattern.exec(path)!;
    route.keys.forEach((key, i) => (request.params[key] = match[i + 1]));
    const reply = await route.handler(request);
    if (reply.body === undefined) return new Response(null, { status: reply.status, headers: reply.contentType ? { 'content-type': reply.contentType } : {} });
    if (reply.body instanceof ReadableStream) {
      return new Response(abortable(reply.body, init.signal), {
        status: reply.status,
        headers: { 'content-type': reply.contentType ?? 'application/octet-stream' },
      });
    }
    const text = typeof reply.body === 'string' && reply.contentType && !reply.contentType.includes('json') ? reply.body : JSON.stringify(reply.body);
    return new Response(text, { status: reply.status, headers: { 'content-type': reply.contentType ?? 'application/json; charset=utf-8' } });
  }
}

/** A streamed body that fails with an AbortError when the request's signal aborts, as a browser's fetch body does. */
function abortable(body: ReadableStream, signal: AbortSignal | null | undefined): ReadableStream {
  const source = body.getReader();
  return new ReadableStream({
    start(controller) {
      signal?.addEventListener('abort', () => {
        controller.error(new DOMException('The operation was aborted.', 'AbortError'));
        source.cancel().catch(() => undefined);
      });
    },
    async pull(controller) {
      const { done, value } = await source.read();
      if (signal?.aborted) return;
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
}

/** A fake server for every test of the file: installed fresh (no routes) before each, removed after. */
export function useFakeServer(): FakeServer {
  const server = new FakeServer();
  beforeEach(() => server.reset().install());
  afterEach(() => server.restore());
  return server;
}
