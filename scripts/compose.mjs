#!/usr/bin/env node
/**
 * Writes docker-compose.yml and deploy/example.env from the workspaces' declared roles
 * (`npm run compose`): a container per service workspace (`"erp": {"role": "service"}`; as many
 * instances as its `"deploy": {"instances": n}` says, with the environment groups its
 * `"deploy": {"env": [...]}` names), the gateway in front of them and the remotes (`mfe-*`) on the web
 * server. A new module's service and remote need no line here: `npm run new:module` runs this.
 * `node scripts/compose.mjs --check` exits 1 when either file differs from what it would write (a
 * unit test runs the check).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { root, workspaceDirs } from './lib.mjs';

/** The environment groups a service may name, as YAML anchors of the compose file. */
const ENV_GROUPS = {
  // The buying company as printed POs and vendor statements name it.
  company: 'company-env',
  // Only auth holds the signing key and the SMS provider.
  auth: 'auth-env',
};

/** The services and remotes of a checkout, from their package.json `erp` declarations. */
export function deployedWorkspaces() {
  const services = [];
  const remotes = [];
  for (const ws of workspaceDirs()) {
    let pkg;
    try {
      pkg = JSON.parse(readFileSync(path.join(root, ws, 'package.json'), 'utf8'));
    } catch {
      continue;
    }
    const role = pkg.erp?.role;
    if (role === 'service') {
      const name = path.posix.basename(ws);
      const deploy = pkg.erp.deploy ?? {};
      for (const group of deploy.env ?? [])
        if (!ENV_GROUPS[group])
          throw new Error(`${ws}: unknown environment group "${group}" in erp.deploy.env`);
      services.push({ name, instances: deploy.instances ?? 1, env: deploy.env ?? [] });
    } else if (role === 'remote') remotes.push(path.posix.basename(ws).replace(/^mfe-/, ''));
  }
  // auth first: the others replicate its members and verify with its keys.
  services.sort((a, b) => (a.name === 'auth' ? -1 : b.name === 'auth' ? 1 : a.name.localeCompare(b.name)));
  return { services, remotes: remotes.sort() };
}

const upper = (name) => name.toUpperCase().replace(/-/g, '_');
const instanceNames = (s) =>
  s.instances === 1 ? [s.name] : Array.from({ length: s.instances }, (_, i) => `${s.name}-${i + 1}`);

function serviceBlocks(s) {
  const envAnchors = ['app-env', ...s.env.map((g) => ENV_GROUPS[g])].map((a) => `*${a}`);
  const envMerge = envAnchors.length === 1 ? envAnchors[0] : `[${envAnchors.join(', ')}]`;
  const names = instanceNames(s);
  const first = names[0];
  const lines = [];
  if (names.length > 1)
    lines.push(
      `  # ${names.length} instances: the gateway spreads requests over those that are ready; events are`,
      `  # shared out between them (one durable consumer per service).`,
    );
  const anchor = names.length > 1 ? ` &${s.name}` : '';
  const envAnchor = names.length > 1 ? ` &${s.name}-env` : '';
  lines.push(
    `  ${first}:${anchor}`,
    `    <<: [*app, *after-provision]`,
    `    environment:${envAnchor}`,
    `      <<: ${envMerge}`,
    `      APP: ${s.name}`,
    `      INSTANCE_ID: ${s.name}-1`,
    `      DATABASE_URL: postgres://erp_${s.name.replace(/-/g, '_')}:\${DB_PASSWORD_${upper(s.name)}}@postgres:5432/erp`,
  );
  for (const [i, name] of names.slice(1).entries())
    lines.push(
      `  ${name}:`,
      `    <<: *${s.name}`,
      `    environment:`,
      `      <<: *${s.name}-env`,
      `      INSTANCE_ID: ${s.name}-${i + 2}`,
    );
  return lines.join('\n');
}

function serviceUrl(s) {
  return instanceNames(s)
    .map((n) => `http://${n}:3000`)
    .join(',');
}

/** The compose file for these services and remotes. */
export function composeFile({ services, remotes }) {
  const template = readFileSync(path.join(root, 'deploy/compose-template.yml'), 'utf8');
  const passwords = services
    .map(
      (s) =>
        `      DB_PASSWORD_${upper(s.name)}: \${DB_PASSWORD_${upper(s.name)}:?set DB_PASSWORD_${upper(s.name)}}`,
    )
    .join('\n');
  const dependsOn = services
    .flatMap(instanceNames)
    .map((n) => `      ${n}: { condition: service_healthy }`)
    .join('\n');
  const urls = services.map((s) => `      ${upper(s.name)}_SERVICE_URL: ${serviceUrl(s)}`).join('\n');
  const remotesJson = remotes
    .map(
      (r) =>
        `"mfe_${r.replace(/-/g, '_')}": "\${REMOTES_BASE_URL:-http://localhost:8081}/mfe/${r}/mf-manifest.json"`,
    )
    .join(',\n         ');
  // The template is valid YAML: each generated part stands in it as a comment line `# {{part}}`.
  const part = (name) => new RegExp(`^[ \\t]*# \\{\\{${name}\\}\\}$`, 'm');
  const filled = template
    .replace(part('db-passwords'), () => passwords)
    .replace(part('services'), () => services.map(serviceBlocks).join('\n\n'))
    .replace(part('gateway-depends-on'), () => dependsOn)
    .replace(part('service-urls'), () => urls)
    .replace('{{remotes-json}}', () => `{${remotesJson}}`);
  return `# Generated by \`npm run compose\` (scripts/compose.mjs) from deploy/compose-template.yml and the\n# workspaces' declared roles: edit those, not this file.\n${filled}`;
}

/** deploy/example.env for these services. */
export function exampleEnv({ services }) {
  const template = readFileSync(path.join(root, 'deploy/example-env-template'), 'utf8');
  return template.replace(
    '{{db-passwords}}',
    services.map((s) => `DB_PASSWORD_${upper(s.name)}=`).join('\n'),
  );
}

export function generatedFiles() {
  const found = deployedWorkspaces();
  return { 'docker-compose.yml': composeFile(found), 'deploy/example.env': exampleEnv(found) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const [file, text] of Object.entries(generatedFiles())) {
    const target = path.join(root, file);
    let current = '';
    try {
      current = readFileSync(target, 'utf8');
    } catch {
      /* written below */
    }
    if (current === text) continue;
    if (check) {
      console.error(`${file} is not what npm run compose writes from the workspaces: run npm run compose`);
      stale++;
    } else {
      writeFileSync(target, text);
      console.log(`wrote ${file}`);
    }
  }
  process.exit(stale ? 1 : 0);
}
