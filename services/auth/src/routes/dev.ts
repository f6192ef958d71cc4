import type { FastifyInstance } from 'fastify';
import { DevSmsQuery, DevSmsResponse } from '@erp/contracts';
import type { TypeBoxTypeProvider } from '@erp/service-kit';
import type { AuthDeps } from '../context.js';

/** Development only (console SMS provider, not production): the codes that were "sent", newest first. */
export async function devRoutes(app: FastifyInstance, deps: AuthDeps): Promise<void> {
  if (!deps.config.devSmsRoute || !deps.sms.sent) return;
  const sent = deps.sms.sent.bind(deps.sms);
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/dev/sms',
    { config: { access: 'public' }, schema: { tags: ['dev'], querystring: DevSmsQuery, response: { 200: DevSmsResponse } } },
    async (request) => sent(request.query.phoneNumber),
  );
}
