import { SignJWT, jwtVerify, errors } from 'jose';

export interface TokenClaims {
  memberId: string;
  sessionId: string;
  expiresAt: Date;
}

const ISSUER = 'erp';

/** Session tokens: HS256 JWTs carrying the member id (sub) and the session id (sid). */
export function createTokenService(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: TokenClaims): Promise<string> {
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.memberId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
        .sign(key);
    },
    /** Claims of a valid token, or null for a forged, malformed or expired one. */
    async verify(token: string): Promise<TokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
        return { memberId: payload.sub, sessionId: payload.sid, expiresAt: new Date(payload.exp * 1000) };
      } catch (err) {
        if (err instanceof errors.JOSEError || err instanceof TypeError) return null;
        throw err;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
