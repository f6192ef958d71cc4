import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import { MessageProviderPact } from '@pact-foundation/pact';
import { SessionRevoked } from '@erp/contracts';
import { buildEnvelope } from '@erp/service-kit';
import { sessionRevokedData } from '../src/events/session-revoked.js';

const pactDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../pacts');

/** Each description maps to the same functions that build the real events in the routes. */
describe('auth service as a message provider', () => {
  it('publishes events its consumers can read', async () => {
    const session = {
      id: '5d1a3c7e-8f0b-4a7e-9a43-1f2a3b4c5d6e',
      member_id: '0f6e8d2c-1b3a-4c5d-8e7f-9a0b1c2d3e4f',
      expires_at: new Date(Date.now() + 3600_000),
    };
    await new MessageProviderPact({
      provider: 'auth-service-events',
      pactUrls: [path.join(pactDir, 'gateway-auth-service-events.json')],
      logLevel: 'warn',
      messageProviders: {
        'a session revoked event': () =>
          buildEnvelope('auth', SessionRevoked, sessionRevokedData(session, 'logout')),
      },
      stateHandlers: { 'a member signed out': async () => undefined },
    }).verify();
  });
});
