/**
 * Development only: mounts mfe_catalog without the shell, the way the shell would, with the shared dev
 * host (packages/web-build/dev-host.tsx). Not part of the production build.
 */
// eslint-disable-next-line no-restricted-imports -- development-only file shared by the remotes, not a package dependency
import { startDevHost } from '../../packages/web-build/dev-host';
import * as app from '../src/app';

startDevHost({
  name: 'mfe_catalog',
  app,
  links: [
    { to: '/items/list', label: 'Item List' },
    { to: '/items/create', label: 'Add Item' },
  ],
});
