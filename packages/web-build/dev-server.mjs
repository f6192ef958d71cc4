/**
 * `npm run dev -w mfe-<name>`: builds the remote with its standalone dev host in watch mode and serves
 * it on http://localhost:<port>, proxying /api to the gateway (default http://localhost:8080).
 * Each remote's package.json runs this file with its default port; the name comes from its module.json.
 * Env: PORT, API_TARGET.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * @param {{ root: URL, name: string, port: number }} options
 *   root: the remote's folder; name: its federation name (for the log line); port: the default port.
 */
export function serveDevHost(options) {
  const root = fileURLToPath(options.root);
  const out = join(root, 'dist-dev');
  const port = Number(process.env.PORT ?? options.port);
  const target = new URL(process.env.API_TARGET ?? 'http://localhost:8080');
  const types = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.json': 'application/json',
    '.map': 'application/json',
    '.css': 'text/css',
  };

  // Run the rspack CLI in a direct child process, so stopping this script stops the watcher too.
  const rspackBin = join(
    dirname(createRequire(join(root, 'package.json')).resolve('@rspack/cli/package.json')),
    'bin/rspack.js',
  );
  const build = spawn(
    process.execPath,
    [rspackBin, 'build', '--watch', '--mode', 'development', '--env', 'devHost'],
    { cwd: root, stdio: 'inherit' },
  );
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.on(signal, () => {
      build.kill();
      process.exit(0);
    });

  createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/api/')) {
      const upstream = request(
        {
          hostname: target.hostname,
          port: target.port,
          path: req.url,
          method: req.method,
          headers: { ...req.headers, host: target.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: `Gateway not reachable at ${target.origin}` }));
      });
      req.pipe(upstream);
      return;
    }
    let file = normalize(join(out, decodeURIComponent(url.pathname)));
    if (!file.startsWith(out)) {
      res.writeHead(403).end();
      return;
    }
    // Paths without an extension are app routes: answer with the dev host page.
    if (!extname(file) || !existsSync(file) || statSync(file).isDirectory()) {
      if (extname(url.pathname)) {
        res.writeHead(404).end();
        return;
      }
      file = join(out, 'index.html');
    }
    res.writeHead(200, {
      'content-type': types[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    createReadStream(file).pipe(res);
  }).listen(port, () =>
    console.log(`${options.name} dev host on http://localhost:${port} (API → ${target.origin})`),
  );
}

// Run from a remote's folder (its package.json: "dev": "node ../packages/web-build/dev-server.mjs <port>"):
// the name comes from its module.json, the default port from the argument (PORT overrides it).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = new URL(`file://${process.cwd()}/`);
  const { name } = JSON.parse(readFileSync(new URL('module.json', root), 'utf8'));
  serveDevHost({ root, name, port: Number(process.argv[2] ?? 3001) });
}
