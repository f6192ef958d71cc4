import { describe, it } from 'vitest';
import { verifyMessagePacts } from '@erp/service-kit/testing';
import { SessionRevoked } from '@erp/contracts';
import { buildEnvelope } from '@erp/service-kit';
import { sessionRevokedData } from '../src/events/session-revoked.js';

/** Each description maps to the same functions that build the real events in the routes. */
describe('auth service as a message provider', () => {
  it('publishes events its consumers can read', async () => {
    const session = {
      id: '5d1a3c7e-8f0b-4a7e-9a43-1f2a3b4c5d6e',
      member_id: '0f6e8d2c-1b3a-4c5d-8e7f-9a0b1c2d3e4f',
      expires_at: new Date(Date.now() + 3600_000),
    };
    await verifyMessagePacts({
      provider: 'auth-service-events',
      consumers: ['gateway'],
      messages: {
        'a session revoked event': () =>
          buildEnvelope('auth', SessionRevoked, sessionRevokedData(session, 'logout')),
      },
      states: ['a member signed out'],
    });
  });
});
