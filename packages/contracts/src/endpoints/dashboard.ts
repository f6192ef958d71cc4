/** The endpoints of the dashboard (gateway) the browser calls: one line each (docs/adding-a-module.md). */
import { get } from '../endpoint.js';
import type { DashboardResponse } from '../schemas/dashboard.js';

export const dashboardEndpoints = {
  // Dashboard (gateway)
  'dashboard.get': get('/dashboard').returns<DashboardResponse>(),
};
