/**
 * mfe_indent: indents (list, create, edit, detail), the compare queue and screen, the approval queue and review, exposed to the shell as single-spa lifecycles.
 * Built by the shared remote configuration (packages/web-build/remote-rspack.ts): dist/ for the gateway
 * (/mfe/indent/), or with `--env devHost` (npm run dev) the standalone dev host into dist-dev/.
 */
// eslint-disable-next-line no-restricted-imports -- build-time file shared by the remotes, not a package dependency
import { remoteConfig } from '../packages/web-build/remote-rspack';

export default remoteConfig({ dir: import.meta.url, name: 'mfe_indent' });
