/** The dashboard's indent counts (GET /indent/stats): drafts and indents waiting for comparison or approval. */
import type { FastifyInstance } from 'fastify';
import { can, hasAllProjects, StatsResponse } from '@erp/contracts';
import { requireSignedIn, type TypeBoxTypeProvider } from '@erp/service-kit';
import { route, type IndentDeps } from './common.js';

export async function statsRoutes(app: FastifyInstance, { ctx, indents }: IndentDeps): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/indent/stats',
    route('signed-in', {}, { 200: StatsResponse }),
    // Dashboard counts: drafts and indents waiting for comparison or approval, within the member's projects.
    async (request) => {
      const auth = requireSignedIn(request);
      if (!can(auth, 'indent', 'list', 'read')) return {};
      const n = await indents.counts(ctx.db, hasAllProjects(auth) ? null : auth.permissions.projects);
      return {
        draftIndents: n.draft,
        indentsToCompare: can(auth, 'indent', 'compare', 'read') ? n.compare : 0,
        indentsToApprove: can(auth, 'indent', 'approval', 'read') ? n.approval : 0,
      };
    },
  );
}
