import type { Logger } from 'pino';
import type { Upstreams } from './upstreams.js';

interface OpenApiDoc {
  paths?: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown> };
  tags?: unknown[];
}

/**
 * In distributed mode the routes of a service are not registered in the gateway, so /api/docs
 * merges each service's own document (GET <service>/openapi.json, from an up instance of its pool),
 * fetched in the background and refreshed every minute; its paths gain the /api/v1 prefix the
 * gateway adds. A service none of whose instances answered is asked again within seconds.
 */
export function remoteOpenApi(upstreams: Upstreams, log: Logger) {
  const docs = new Map<string, OpenApiDoc>();
  let timer: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;

  async function refresh() {
    const missing: string[] = [];
    await Promise.all(
      [...upstreams.pools].map(async ([name, pool]) => {
        try {
          // Asked once the pool knows which instances are up (at start-up: after the first poll).
          await pool.firstCheck;
          const res = await pool.get('/openapi.json', 3000);
          if (res?.statusCode === 200) docs.set(name, JSON.parse(res.body) as OpenApiDoc);
          else if (!docs.has(name)) missing.push(name);
        } catch (err) {
          if (!docs.has(name)) missing.push(name);
          log.debug({ err, service: name }, 'could not fetch the service API document');
        }
      }),
    );
    if (missing.length > 0 && !stopped && !retry) {
      retry = setTimeout(() => {
        retry = undefined;
        void refresh();
      }, 5000);
      retry.unref();
    }
  }

  return {
    start() {
      if (upstreams.pools.size === 0) return;
      void refresh();
      timer = setInterval(() => void refresh(), 60_000);
      timer.unref();
    },
    stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (retry) clearTimeout(retry);
    },
    merge<T extends OpenApiDoc>(doc: T): T {
      for (const remote of docs.values()) {
        doc.paths ??= {};
        for (const [p, item] of Object.entries(remote.paths ?? {})) doc.paths[`/api/v1${p}`] = item;
        if (remote.components?.schemas) {
          doc.components ??= {};
          doc.components.schemas = { ...remote.components.schemas, ...doc.components.schemas };
        }
      }
      return doc;
    },
    refresh,
  };
}
