import type { Logger } from 'pino';

interface OpenApiDoc {
  paths?: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown> };
  tags?: unknown[];
}

/**
 * In distributed mode the routes of a service are not registered in the gateway, so /api/docs
 * merges each service's own document (GET <service>/openapi.json), fetched in the background and
 * refreshed every minute; its paths gain the /api/v1 prefix the gateway adds.
 */
export function remoteOpenApi(serviceUrls: Record<string, string>, log: Logger) {
  const docs = new Map<string, OpenApiDoc>();
  let timer: NodeJS.Timeout | undefined;

  async function refresh() {
    await Promise.all(
      Object.entries(serviceUrls).map(async ([name, url]) => {
        try {
          const res = await fetch(`${url}/openapi.json`, { signal: AbortSignal.timeout(3000) });
          if (res.ok) docs.set(name, (await res.json()) as OpenApiDoc);
        } catch (err) {
          log.debug({ err, service: name }, 'could not fetch the service API document');
        }
      }),
    );
  }

  return {
    start() {
      if (Object.keys(serviceUrls).length === 0) return;
      void refresh();
      timer = setInterval(() => void refresh(), 60_000);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
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
