// The keys of a JSON body as the client sent them. Validation replaces the body with its cast form
// (defaults added, unknown keys dropped), but some rules are about what was sent: a role_id 1-only
// setting named in the body at all is refused, and an ad field sent with its stored value is not a change.
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The top-level keys of the body before validation; [] when the body is not a JSON object. */
    sentKeys: readonly string[];
  }
}

const NONE: readonly string[] = Object.freeze([]);

/** Every route's request carries `sentKeys`, taken before validation (global hooks run before the route's). */
export function registerSentKeys(app: FastifyInstance): void {
  // A reference type cannot be a decorator's shared default; the hook sets it on every routed request.
  app.decorateRequest('sentKeys', null as unknown as readonly string[]);
  app.addHook('preValidation', async (request) => {
    const body = request.body;
    request.sentKeys = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : NONE;
  });
}
