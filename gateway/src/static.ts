import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { GatewayConfig } from './config.js';
import { createRemotesConfig, remoteReleases } from './remotes.js';

/** Files that say which version to load must never be cached; hashed bundles can be, for a year. */
function cacheHeaders(reply: { header(k: string, v: string): unknown }, file: string) {
  const name = path.basename(file).replace(/\.(br|gz)$/, '');
  if (name === 'index.html' || name === 'remoteEntry.js' || name.endsWith('.json')) {
    reply.header('cache-control', 'no-cache');
  } else if (/\.[0-9a-f]{6,}\./.test(name)) {
    reply.header('cache-control', 'public, max-age=31536000, immutable');
  }
}

/** Paths the shell's files may be looked up for: not the API's or other apps', and names a file system takes. */
function servesShellFile(url: string): boolean {
  if (url.startsWith('/api/') || url.startsWith('/mfe/') || url.startsWith('/config/')) return false;
  return url.length <= 1024 && url.split('/').every((segment) => segment.length <= 255);
}

/**
 * The shell at /, each remote at /mfe/<name>/, /config/remotes.json, and the SPA fallback that
 * answers index.html only for extensionless paths outside /api, /mfe and /config (ARCHITECTURE §10).
 */
export async function staticRoutes(app: FastifyInstance, config: GatewayConfig): Promise<void> {
  const remotesConfig = createRemotesConfig(config, app.log);
  app.get('/config/remotes.json', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return remotesConfig();
  });

  const shellIndex = path.join(config.shellDir, 'index.html');
  if (existsSync(config.shellDir)) {
    // The shell's wildcard route would otherwise take every path no other route did: /api paths
    // with an id too long for the router, and names too long for the file system (answered 403).
    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.url === '/*' && !servesShellFile(request.url.split('?')[0]!))
        return reply.callNotFound();
    });
    await app.register(fastifyStatic, {
      root: config.shellDir,
      prefix: '/',
      index: false,
      wildcard: true,
      preCompressed: true,
      setHeaders: cacheHeaders,
    });
  } else {
    app.log.warn({ dir: config.shellDir }, 'the shell is not built; run npm run build');
  }

  for (const [name, dir] of Object.entries(config.remoteDirs)) {
    // Kept releases first: /mfe/<name>/<version>/ is more specific than /mfe/<name>/.
    for (const [version, releaseDir] of Object.entries(remoteReleases(dir))) {
      await app.register(fastifyStatic, {
        root: releaseDir,
        prefix: `/mfe/${name}/${version}/`,
        decorateReply: false,
        wildcard: true,
        preCompressed: true,
        setHeaders: cacheHeaders,
      });
    }
    // Registered even when the files are missing, so a deleted remote answers 404 (and the shell shows its error panel).
    await app.register(fastifyStatic, {
      root: dir,
      prefix: `/mfe/${name}/`,
      decorateReply: false,
      wildcard: true,
      preCompressed: true,
      setHeaders: cacheHeaders,
    });
  }

  app.get('/', { schema: { hide: true } }, async (_request, reply) => {
    if (!existsSync(shellIndex))
      return reply.status(503).send({ message: 'The web app is not built yet. Run npm run build.' });
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html').sendFile('index.html', config.shellDir);
  });

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0]!;
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      !url.startsWith('/mfe/') &&
      !url.startsWith('/config/') &&
      !path.extname(url);
    if (isPage && existsSync(shellIndex)) {
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html').sendFile('index.html', config.shellDir);
    }
    return reply.status(404).send({ message: `No such endpoint: ${request.method} ${url}` });
  });
}
