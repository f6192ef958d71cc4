/**
 * Development only: mounts mfe_vendors without the shell, the way the shell would, with the shared dev
 * host (packages/web-build/dev-host.tsx). Not part of the production build.
 */
// eslint-disable-next-line no-restricted-imports -- development-only file shared by the remotes, not a package dependency
import { startDevHost } from '../../packages/web-build/dev-host';
import * as app from '../src/app';

startDevHost({
  name: 'mfe_vendors',
  app,
  links: [
    { to: '/vendors/list', label: 'Vendor List' },
    { to: '/vendors/create', label: 'Create Vendor' },
  ],
});
