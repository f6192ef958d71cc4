import type { FastifyInstance } from 'fastify';
import { DevSmsQuery, DevSmsResponse } from '@erp/contracts';
import { forbidden, isLoopbackAddress, type TypeBoxTypeProvider } from '@erp/service-kit';
import type { AuthDeps } from '../app.js';

/**
 * Development only (console SMS provider, not production, listening on loopback): the codes that
 * were "sent", newest first, for a developer at this machine and nobody else.
 */
export async function devRoutes(app: FastifyInstance, deps: AuthDeps): Promise<void> {
  if (!deps.config.devSmsRoute || !deps.sms.sent) return;
  const sent = deps.sms.sent.bind(deps.sms);
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/dev/sms',
    {
      config: { access: 'public' },
      schema: { tags: ['dev'], querystring: DevSmsQuery, response: { 200: DevSmsResponse } },
    },
    async (request) => {
      // A reverse proxy on this machine connects from loopback: the addresses it forwards count too.
      const forwarded = String(request.headers['x-forwarded-for'] ?? '')
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean);
      if (![request.ip, ...forwarded].every(isLoopbackAddress))
        throw forbidden('The development SMS outbox answers only on the machine the system runs on');
      return sent(request.query.phoneNumber);
    },
  );
}
