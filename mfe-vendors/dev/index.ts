// Async boundary: shared modules (react, @erp/ui...) must be negotiated before any of them runs.
import('./dev-host').catch((error: unknown) => console.error('The dev host failed to start', error));
