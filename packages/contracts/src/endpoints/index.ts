/**
 * Every endpoint the browser calls (SPEC §7 and what the modules added in its style), by name: the
 * modules' tables together. `@erp/contracts/endpoints` holds only these and their types, so a
 * remote that imports them brings no schema into its bundle.
 */
import { authEndpoints } from './auth.js';
import { catalogEndpoints } from './catalog.js';
import { dashboardEndpoints } from './dashboard.js';
import { indentEndpoints } from './indent.js';
import { poEndpoints } from './po.js';
import { projectsEndpoints } from './projects.js';
import { vendorsEndpoints } from './vendors.js';

export type { Endpoint, Method, Transport } from '../endpoint.js';

export const endpoints = {
  ...authEndpoints,
  ...projectsEndpoints,
  ...vendorsEndpoints,
  ...catalogEndpoints,
  ...indentEndpoints,
  ...poEndpoints,
  ...dashboardEndpoints,
};
