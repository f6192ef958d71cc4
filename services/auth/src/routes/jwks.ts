import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { JWKS_PATH, sessionJwks, type TypeBoxTypeProvider } from '@erp/service-kit';
import type { AuthDeps } from '../app.js';

/** A public key only: the response schema itself drops any other member (a private `d` can never leave). */
const PublicJwk = Type.Object({
  kty: Type.Union([Type.Literal('OKP'), Type.Literal('EC')]),
  crv: Type.String(),
  x: Type.String(),
  y: Type.Optional(Type.String()),
  kid: Type.String(),
  alg: Type.Union([Type.Literal('EdDSA'), Type.Literal('ES256')]),
  use: Type.Literal('sig'),
});
const Jwks = Type.Object({ keys: Type.Array(PublicJwk) });

/**
 * GET /auth/jwks (public; /api/v1/auth/jwks through the gateway): the public keys session tokens are
 * signed with, current first, then the previous ones still honoured after a rotation. The gateway
 * and the other services verify tokens against these (docs/decisions/0008).
 */
export async function jwksRoutes(app: FastifyInstance, deps: AuthDeps): Promise<void> {
  const body = sessionJwks(deps.ctx.config.sessionKeys);
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(
      JWKS_PATH,
      { config: { access: 'public' }, schema: { tags: ['auth'], response: { 200: Jwks } } },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return body;
      },
    );
}
