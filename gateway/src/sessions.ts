import type { FastifyInstance } from 'fastify';
import { SessionRevoked, type EventEnvelope, type SessionRevokedData } from '@erp/contracts';
import { bearerToken, SESSION_ENDED, unauthorized, type Bus, type TokenService } from '@erp/service-kit';
import { PUBLIC_PATHS } from './config.js';

/**
 * The gateway's own session check: the token must verify, and its session must not be one the
 * gateway has seen end (a logout answered through it, or a revocation event). Services check again.
 */
export class RevokedSessions {
  private readonly until = new Map<string, number>();

  add(sessionId: string, expiresAt: number): void {
    this.until.set(sessionId, expiresAt);
    if (this.until.size % 1000 === 0) this.prune();
  }

  has(sessionId: string): boolean {
    const t = this.until.get(sessionId);
    if (t === undefined) return false;
    if (t < Date.now()) {
      this.until.delete(sessionId);
      return false;
    }
    return true;
  }

  private prune(): void {
    const now = Date.now();
    for (const [k, t] of this.until) if (t < now) this.until.delete(k);
  }
}

/** Consumer of erp.auth.session_revoked.v1: refuse that session until its token would expire anyway. */
export function onSessionRevoked(revoked: RevokedSessions, envelope: EventEnvelope): void {
  const d = envelope.data as SessionRevokedData;
  revoked.add(d.sessionId, Date.parse(d.expiresAt));
}

export async function installSessionCheck(
  app: FastifyInstance,
  tokens: TokenService,
  bus: Bus,
): Promise<RevokedSessions> {
  const revoked = new RevokedSessions();
  await bus.listen([SessionRevoked.subject], async (envelope) => onSessionRevoked(revoked, envelope));

  app.addHook('onRequest', async (request) => {
    const url = request.url.split('?')[0]!;
    if (!url.startsWith('/api/v1/') || PUBLIC_PATHS.has(url)) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const claims = await tokens.verify(token);
    if (!claims || revoked.has(claims.sessionId)) throw unauthorized(SESSION_ENDED);
    if (request.method === 'POST' && url === '/api/v1/auth/logout') {
      (request as { endingSession?: { id: string; exp: number } }).endingSession = {
        id: claims.sessionId,
        exp: claims.expiresAt.getTime(),
      };
    }
  });

  // A logout that succeeded through this gateway takes effect here at once, before any event arrives.
  app.addHook('onResponse', async (request, reply) => {
    const ending = (request as { endingSession?: { id: string; exp: number } }).endingSession;
    if (ending && reply.statusCode === 200) revoked.add(ending.id, ending.exp);
  });
  return revoked;
}
