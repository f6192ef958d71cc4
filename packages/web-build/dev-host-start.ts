/** Starts the dev host for the remote being built (see dev-entry.ts): its lifecycles, and its menu from module.json. */
// @ts-expect-error -- resolved by the rspack factory's alias to the remote's src/app.tsx
import * as app from 'erp-remote-app';
// @ts-expect-error -- resolved by the rspack factory's alias to the remote's module.json
import descriptor from 'erp-remote-module';
import { startDevHost } from './dev-host';

const module = descriptor as { name: string; nav: { path: string; label: string }[] };
const links = module.nav.map((n) => ({ to: n.path, label: n.label }));
if (links.length === 0) throw new Error(`${module.name}'s module.json has no navigation entry to open`);

startDevHost({
  name: module.name,
  app: app as Parameters<typeof startDevHost>[0]['app'],
  links: links as [(typeof links)[0], ...typeof links],
});
