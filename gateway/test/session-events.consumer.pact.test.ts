import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { receiveEvent } from '@erp/service-kit/testing';
import { onSessionRevoked, RevokedSessions } from '../src/sessions.js';

const { uuid, regex, datetime } = MatchersV3;

describe('gateway consuming erp.auth.session_revoked.v1', () => {
  it('refuses the revoked session until its token would have expired', async () => {
    await receiveEvent(
      {
        consumer: 'gateway',
        provider: 'auth-service-events',
        state: 'a member signed out',
        description: 'a session revoked event',
        subject: 'erp.auth.session_revoked.v1',
        data: {
          sessionId: uuid('5d1a3c7e-8f0b-4a7e-9a43-1f2a3b4c5d6e'),
          memberId: uuid(),
          expiresAt: datetime("yyyy-MM-dd'T'HH:mm:ss.SSSX", '2099-01-01T00:00:00.000Z'),
          reason: regex('^(logout|deactivated)$', 'logout'),
        },
      },
      async (envelope) => {
        const revoked = new RevokedSessions();
        onSessionRevoked(revoked, envelope);
        expect(revoked.has('5d1a3c7e-8f0b-4a7e-9a43-1f2a3b4c5d6e')).toBe(true);
        expect(revoked.has('00000000-0000-4000-8000-000000000000')).toBe(false);
      },
    );
  });
});
