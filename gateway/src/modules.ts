import { authService, type AuthServiceOptions } from '@erp/auth-service';
import { vendorsService } from '@erp/vendors-service';
import { catalogService, type CatalogOptions } from '@erp/catalog-service';
import { projectsService } from '@erp/projects-service';
import { indentService } from '@erp/indent-service';
import { poService } from '@erp/po-service';
import type { ServiceDefinition } from '@erp/service-kit';

/** Options a test may pass to a service; `npm start` passes none (each service reads process.env). */
export interface ServiceOptions {
  auth?: AuthServiceOptions;
  catalog?: CatalogOptions;
}

/** A count a module adds to the dashboard. */
export interface DashboardCount {
  /** Its key in the stats path's answer and in the dashboard's. */
  key: string;
  /** Rupees: added up in paise (money.ts), never as floating-point rupees. */
  money?: boolean;
  /** Present only when a service answered it (to members who may read it): absent, not 0, otherwise. */
  optional?: boolean;
}

export interface ModuleDeclaration {
  /** The service, run inside the gateway unless `<NAME>_SERVICE_URL` says where it runs. */
  service: (options?: ServiceOptions) => ServiceDefinition;
  /**
   * What users call the service in messages ("The purchase orders service is not available right
   * now…" when no instance of it answers).
   */
  title: string;
  /** Path prefixes the service answers under /api/v1 (proxied there in distributed mode). */
  prefixes: string[];
  /** GET path answering its dashboard counts (StatsResponse); the gateway adds them up. */
  stats?: string;
  /**
   * The counts that path answers, added up across modules into GET /api/v1/dashboard (a card of a
   * remote's module.json shows one by its key); shown as unavailable while the service is down.
   */
  counts?: DashboardCount[];
  /**
   * Folders of the module's remotes in this repository: each one's build (dist/) is served at
   * /mfe/<folder without "mfe-">/ and listed in /config/remotes.json with the module.json it declares.
   */
  remotes: string[];
}

/**
 * Every module of the platform, declared once (docs/adding-a-module.md); auth first, as the other
 * services replicate its members. The gateway's start-up, routing, dashboard, remotes file and the
 * security suite (gateway/test/security) are all built from this table, so a module added here is
 * started by `npm start`, shown by the shell and covered by that suite alike.
 */
export const MODULES: Record<string, ModuleDeclaration> = {
  auth: {
    service: (o) => authService(o?.auth),
    title: 'sign-in',
    prefixes: ['/auth', '/dev'],
    stats: '/auth/stats',
    counts: [{ key: 'totalTeam' }],
    remotes: ['mfe-team'],
  },
  vendors: {
    service: () => vendorsService(),
    title: 'vendors',
    prefixes: ['/vendors', '/vendorTransaction'],
    stats: '/vendors/stats',
    counts: [
      { key: 'totalVendor' },
      { key: 'outstandingPayables', money: true, optional: true },
      { key: 'openOverbilling', optional: true },
    ],
    remotes: ['mfe-vendors'],
  },
  catalog: {
    service: (o) => catalogService(o?.catalog),
    title: 'items',
    prefixes: ['/items'],
    stats: '/items/stats',
    counts: [{ key: 'totalItems' }],
    remotes: ['mfe-catalog'],
  },
  // The project and BOQ screens live in mfe-team (declared with auth).
  projects: {
    service: () => projectsService(),
    title: 'projects and BOQs',
    prefixes: ['/project', '/boq'],
    stats: '/boq/stats',
    counts: [{ key: 'activeBoq' }],
    remotes: [],
  },
  indent: {
    service: () => indentService(),
    title: 'indents',
    prefixes: ['/indent'],
    stats: '/indent/stats',
    counts: [{ key: 'draftIndents' }, { key: 'indentsToCompare' }, { key: 'indentsToApprove' }],
    remotes: ['mfe-indent'],
  },
  po: {
    service: () => poService(),
    title: 'purchase orders',
    prefixes: ['/po', '/poReceipt'],
    stats: '/po/stats',
    counts: [{ key: 'activePo' }],
    remotes: ['mfe-po'],
  },
};
