import type { FastifyInstance } from 'fastify';
import { DashboardResponse, ErrorResponse, type StatsResponse } from '@erp/contracts';
import { STATS_PATHS } from './config.js';

/**
 * GET /api/v1/dashboard: the five counts, each from the service that owns it, asked through the
 * gateway's own routing (in-process or proxied) with the caller's token. A service that is not part
 * of this deployment (not built yet) answers 404 and counts 0.
 */
export async function dashboardRoute(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/v1/dashboard',
    { schema: { tags: ['dashboard'], response: { 200: DashboardResponse, 401: ErrorResponse } } },
    async (request) => {
      const totals: DashboardResponse = { activeBoq: 0, activePo: 0, totalItems: 0, totalVendor: 0, totalTeam: 0 };
      const authorization = request.headers.authorization ?? '';
      const answers = await Promise.all(
        Object.entries(STATS_PATHS).map(async ([service, path]) => {
          const res = await app.inject({ method: 'GET', url: `/api/v1${path}`, headers: { authorization, 'x-request-id': request.id } });
          if (res.statusCode === 200) return res.json() as StatsResponse;
          if (res.statusCode !== 404) request.log.warn({ service, status: res.statusCode }, 'dashboard count unavailable');
          return {};
        }),
      );
      for (const a of answers) {
        for (const key of Object.keys(totals) as Array<keyof DashboardResponse>) {
          const v = a[key];
          if (typeof v === 'number') totals[key] += v;
        }
      }
      return totals;
    },
  );
}
