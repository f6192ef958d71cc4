/**
 * `npm run dev -w mfe-team`: builds the remote with its standalone dev host in watch mode and serves
 * it on http://localhost:3001, proxying /api to the gateway (default http://localhost:8080).
 * Env: PORT, API_TARGET. The server is shared by the remotes (packages/web-build/dev-server.mjs).
 */
// eslint-disable-next-line no-restricted-imports -- development-only file shared by the remotes, not a package dependency
import { serveDevHost } from '../../packages/web-build/dev-server.mjs';

serveDevHost({ root: new URL('..', import.meta.url), name: 'mfe_team', port: 3001 });
