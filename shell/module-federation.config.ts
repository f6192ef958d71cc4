/**
 * Module Federation for the shell (the host). Remotes are not listed here: their manifest URLs come
 * from /config/remotes.json at run time (ARCHITECTURE §8), registered by src/remotes.ts.
 */
import { createModuleFederationConfig } from '@module-federation/enhanced/rspack';
// eslint-disable-next-line no-restricted-imports -- build-time file shared with the remotes, not a package dependency
import { sharedSingletons } from '../packages/web-build/shared';

/** The shell provides every shared singleton, at the versions of its package.json. Nothing eager. */
export const shared = sharedSingletons(new URL('.', import.meta.url), { role: 'shell' });

export default createModuleFederationConfig({
  name: 'shell',
  remotes: {},
  shared,
  // No mf-manifest/types for the host: nothing consumes them.
  manifest: false,
  dts: false,
  // provideExternalRuntime: the remotes run on this runtime instead of each bringing its own (decision 0042).
  experiments: { asyncStartup: true, provideExternalRuntime: true },
});
