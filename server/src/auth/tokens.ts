// Signed session tokens (HS256 JWTs). A token only names a session; whether it still works is
// decided by the sessions row on every request (auth/authorize.ts), so revocation is immediate.
import { createSigner, createVerifier } from 'fast-jwt';

export interface TokenClaims {
  /** Session id (uuid). */
  sid: string;
  /** User id. */
  sub: string;
}

export interface TokenService {
  sign(claims: TokenClaims): string;
  /** The claims of a valid, unexpired token of ours, else null. */
  verify(token: string): TokenClaims | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ttlSeconds * 1000 });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'] });
  return {
    sign: (claims) => signer({ ...claims }),
    verify(token) {
      try {
        const payload = verifier(token) as Partial<TokenClaims>;
        return typeof payload.sid === 'string' && UUID.test(payload.sid) && typeof payload.sub === 'string' ? { sid: payload.sid, sub: payload.sub } : null;
      } catch {
        return null;
      }
    },
  };
}
