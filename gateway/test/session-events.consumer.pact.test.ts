import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import type { EventEnvelope } from '@erp/contracts';
import { onSessionRevoked, RevokedSessions } from '../src/sessions.js';

const { uuid, regex, datetime } = MatchersV3;
const pact = new PactV4({
  consumer: 'gateway',
  provider: 'auth-service-events',
  dir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../pacts'),
  logLevel: 'warn',
});

describe('gateway consuming erp.auth.session_revoked.v1', () => {
  it('refuses the revoked session until its token would have expired', async () => {
    await pact
      .addAsynchronousInteraction()
      .given('a member signed out')
      .expectsToReceive('a session revoked event', (builder) => {
        builder.withJSONContent({
          id: uuid(),
          subject: 'erp.auth.session_revoked.v1',
          occurredAt: datetime("yyyy-MM-dd'T'HH:mm:ss.SSSX", '2026-11-21T10:00:00.000Z'),
          source: 'auth',
          data: {
            sessionId: uuid('5d1a3c7e-8f0b-4a7e-9a43-1f2a3b4c5d6e'),
            memberId: uuid(),
            expiresAt: datetime("yyyy-MM-dd'T'HH:mm:ss.SSSX", '2099-01-01T00:00:00.000Z'),
            reason: regex('^(logout|deactivated)$', 'logout'),
          },
        });
      })
      .executeTest(async (message) => {
        const revoked = new RevokedSessions();
        onSessionRevoked(revoked, message.contents.content as EventEnvelope);
        expect(revoked.has('5d1a3c7e-8f0b-4a7e-9a43-1f2a3b4c5d6e')).toBe(true);
        expect(revoked.has('00000000-0000-4000-8000-000000000000')).toBe(false);
      });
  });
});
