/**
 * The standalone dev host's entry for every remote (`npm run dev -w mfe-<name>`): the rspack factory
 * points `erp-remote-app` at the remote's src/app.tsx and `erp-remote-module` at its module.json.
 * Async boundary: shared modules (react, @erp/ui…) must be negotiated before any of them runs.
 */
import('./dev-host-start').catch((error: unknown) => console.error('The dev host failed to start', error));
