/**
 * Provision the shared database for distributed mode and exit (the compose file's `provision` job,
 * or a deployment's migration step): one schema and one login role per service. Reads
 * ADMIN_DATABASE_URL (an administrator's connection), DATABASE_NAME (default erp) and each role's
 * password from DB_PASSWORD_<SCHEMA> (DB_PASSWORD_PO, DB_PASSWORD_AUTH, ...).
 */
import { envString } from '@erp/service-kit';
import { MODULES } from '../modules.js';
import { provisionDatabase, roleOf } from './provision.js';

const env = process.env;
const adminUrl = envString(env, 'ADMIN_DATABASE_URL');
if (!adminUrl) {
  console.error(
    '✗ Set ADMIN_DATABASE_URL to an administrator’s connection string (a superuser, or a role with CREATEROLE and CREATEDB)',
  );
  process.exit(2);
}
const services = Object.keys(MODULES).map((service) => ({
  service,
  schema: MODULES[service]!.service().schema,
}));
const passwords: Record<string, string> = {};
const missing: string[] = [];
for (const { schema } of services) {
  const p = envString(env, `DB_PASSWORD_${schema.toUpperCase()}`);
  if (p) passwords[schema] = p;
  else missing.push(`DB_PASSWORD_${schema.toUpperCase()}`);
}
if (missing.length > 0) {
  console.error(`✗ Set ${missing.join(', ')} (the password of each service's database role)`);
  process.exit(2);
}
const database = envString(env, 'DATABASE_NAME', 'erp')!;
try {
  await provisionDatabase({ adminUrl, database, services, passwords });
  console.log(
    `Provisioned ${database}: ${services.map((s) => `${s.schema} (role ${roleOf(s.schema)})`).join(', ')}`,
  );
} catch (err) {
  console.error(`✗ Provisioning failed: ${(err as Error).message}`);
  process.exit(1);
}
