import { authService, type AuthServiceOptions } from '@erp/auth-service';
import { vendorsService } from '@erp/vendors-service';
import { catalogService, type CatalogOptions } from '@erp/catalog-service';
import type { ServiceDefinition } from '@erp/service-kit';

/** Options a test may pass to a service; `npm start` passes none (each service reads process.env). */
export interface ServiceOptions {
  auth?: AuthServiceOptions;
  catalog?: CatalogOptions;
}

/**
 * Every service of the platform; auth first, as the others replicate its members. The gateway's
 * start-up and the security suite (gateway/test/security) both build the system from this list,
 * so a service added here is started by `npm start` and covered by that suite alike.
 */
export const SERVICES: Record<string, (options?: ServiceOptions) => ServiceDefinition> = {
  auth: (o) => authService(o?.auth),
  vendors: () => vendorsService(),
  catalog: (o) => catalogService(o?.catalog),
};
