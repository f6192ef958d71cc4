/**
 * mfe_po: purchase orders (list, open POs for receiving, detail with deliveries, printable PO) and the
 * goods receipt wizard, exposed to the shell as single-spa lifecycles.
 * Built by the shared remote configuration (packages/web-build/remote-rspack.ts): dist/ for the gateway
 * (/mfe/po/), or with `--env devHost` (npm run dev) the standalone dev host into dist-dev/.
 */
// eslint-disable-next-line no-restricted-imports -- build-time file shared by the remotes, not a package dependency
import { remoteConfig } from '../packages/web-build/remote-rspack';

export default remoteConfig({ dir: import.meta.url, name: 'mfe_po' });
