import type { FastifyInstance } from 'fastify';
import { DashboardResponse, ErrorResponse, fromPaise, toPaise } from '@erp/contracts';
import { HttpError } from '@erp/service-kit';
import { MODULES, type DashboardCount, type ModuleDeclaration } from './modules.js';

/** Every count the modules declare (modules.ts), in their order. */
export function declaredCounts(modules: Record<string, ModuleDeclaration> = MODULES): DashboardCount[] {
  return Object.values(modules).flatMap((m) => m.counts ?? []);
}

/** The services' answers added up: every count declared (0 when none answered it), an optional one only when some did. */
export function addUp(
  answers: ReadonlyArray<Record<string, unknown>>,
  counts: readonly DashboardCount[],
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const { key, money, optional } of counts) {
    const given = answers.map((a) => a[key]).filter((v): v is number => typeof v === 'number');
    if (given.length === 0 && optional) continue;
    out[key] = money
      ? fromPaise(given.reduce((sum, v) => sum + toPaise(v), 0))
      : given.reduce((sum, v) => sum + v, 0);
  }
  return out;
}

/**
 * GET /api/v1/dashboard: the counts the modules declare, each from the service that owns it, asked through the
 * gateway's own routing (in-process, or proxied to an up instance of the service's pool with the
 * pool's retries: upstreams.ts) with the caller's token. A service that is not part of this
 * deployment (not built yet) answers 404 and counts 0; one with no instance up (503) counts 0 and is listed in
 * `unavailable`, so the rest of the dashboard still shows and the shell marks those counts. A service that does not honour the
 * caller's session (401: one auth never started, or ended) makes the dashboard answer 401 too.
 */
export async function dashboardRoute(app: FastifyInstance): Promise<void> {
  const counts = declaredCounts();
  app.get(
    '/api/v1/dashboard',
    { schema: { tags: ['dashboard'], response: { 200: DashboardResponse, 401: ErrorResponse } } },
    async (request) => {
      const authorization = request.headers.authorization ?? '';
      let refused: string | null = null;
      const unavailable: string[] = [];
      const answers = await Promise.all(
        Object.entries(MODULES)
          .flatMap(([service, m]) => (m.stats ? [[service, m] as const] : []))
          .map(async ([service, m]) => {
            const res = await app.inject({
              method: 'GET',
              url: `/api/v1${m.stats!}`,
              headers: { authorization, 'x-request-id': request.id },
            });
            if (res.statusCode === 200) return res.json() as Record<string, unknown>;
            if (res.statusCode === 401)
              refused ??= (res.json() as { message?: string }).message ?? 'Please sign in to continue';
            if (res.statusCode !== 404) {
              request.log.warn({ service, status: res.statusCode }, 'dashboard count unavailable');
              if (res.statusCode >= 500) unavailable.push(...(m.counts ?? []).map((c) => c.key));
            }
            return {};
          }),
      );
      if (refused !== null) throw new HttpError(401, refused);
      // The spec's counts and every other module's, by the keys the declarations give (DashboardResponse).
      const body: Record<string, number | string[]> = addUp(answers, counts);
      if (unavailable.length > 0) body.unavailable = unavailable;
      return body;
    },
  );
}
