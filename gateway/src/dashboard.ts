import type { FastifyInstance } from 'fastify';
import { DashboardResponse, ErrorResponse, fromPaise, toPaise, type StatsResponse } from '@erp/contracts';
import { HttpError } from '@erp/service-kit';
import { MODULES } from './modules.js';

/** Amounts in rupees: added up in paise (money.ts), never as floating-point rupees. */
const MONEY: ReadonlyArray<keyof StatsResponse> = ['outstandingPayables'];
/** Present only when a service answered them (to members who may read them): absent, not 0, otherwise. */
const OPTIONAL: ReadonlyArray<keyof StatsResponse> = ['outstandingPayables', 'openOverbilling'];

/** The services' answers added up: every count in `always` (0 when none answered it), the optional ones when some did. */
export function addUp(
  answers: readonly StatsResponse[],
  always: ReadonlyArray<keyof StatsResponse>,
): StatsResponse {
  const out: Record<string, number> = {};
  for (const key of new Set([...always, ...OPTIONAL])) {
    const given = answers.map((a) => a[key]).filter((v): v is number => typeof v === 'number');
    if (given.length === 0 && !always.includes(key)) continue;
    out[key] = MONEY.includes(key)
      ? fromPaise(given.reduce((sum, v) => sum + toPaise(v), 0))
      : given.reduce((sum, v) => sum + v, 0);
  }
  return out as StatsResponse;
}

/**
 * GET /api/v1/dashboard: the five counts, each from the service that owns it, asked through the
 * gateway's own routing (in-process, or proxied to an up instance of the service's pool with the
 * pool's retries: upstreams.ts) with the caller's token. A service that is not part of this
 * deployment (not built yet) answers 404 and counts 0; one with no instance up (503) counts 0 and is listed in
 * `unavailable`, so the rest of the dashboard still shows and the shell marks those counts. A service that does not honour the
 * caller's session (401: one auth never started, or ended) makes the dashboard answer 401 too.
 */
export async function dashboardRoute(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/v1/dashboard',
    { schema: { tags: ['dashboard'], response: { 200: DashboardResponse, 401: ErrorResponse } } },
    async (request) => {
      const totals: DashboardResponse = {
        activeBoq: 0,
        activePo: 0,
        totalItems: 0,
        totalVendor: 0,
        totalTeam: 0,
        draftIndents: 0,
        indentsToCompare: 0,
        indentsToApprove: 0,
      };
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
            if (res.statusCode === 200) return res.json() as StatsResponse;
            if (res.statusCode === 401)
              refused ??= (res.json() as { message?: string }).message ?? 'Please sign in to continue';
            if (res.statusCode !== 404) {
              request.log.warn({ service, status: res.statusCode }, 'dashboard count unavailable');
              if (res.statusCode >= 500) unavailable.push(...(m.counts ?? []));
            }
            return {};
          }),
      );
      if (refused !== null) throw new HttpError(401, refused);
      if (unavailable.length > 0) totals.unavailable = unavailable;
      return {
        ...totals,
        ...addUp(
          answers,
          Object.keys(totals).filter((k) => k !== 'unavailable') as Array<keyof StatsResponse>,
        ),
      };
    },
  );
}
