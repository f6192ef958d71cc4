/**
 * npm run ledger:check: recompute every vendor's balance from its entries and compare it with the
 * kept balances and each entry's balance_after (repositories/ledger-check.ts). Run by
 * scripts/ledger-check.mjs against the built service (dist/plugins/ledger-check-cli.js);
 * `runLedgerCheckCli` is what tests call. Exit code 0 when everything matches, 1 on any mismatch
 * (or no ledger to check), 2 on a usage error.
 */
import { parseArgs } from 'node:util';
import { openServiceDatabase } from '@erp/service-kit';
import { checkLedgers, type LedgerCheckReport } from '../repositories/ledger-check.js';

export const USAGE = `Vendor ledgers: recompute every balance from the entries and compare it with what is kept.

  npm run ledger:check [-- --limit <n>] [--force]

Lists at most <n> mismatches (default 1000) and exits with 1 when there is any.
Database: VENDORS_DATABASE_URL or DATABASE_URL (PostgreSQL; it only reads, the system may keep
running), else the embedded PGlite in DATA_DIR/pgdata (default ./data): stop the system first,
PGlite is one process's database (refused while its postmaster.pid is there; --force after a crash).`;

/** The report as the command prints it. */
export function formatLedgerReport(r: LedgerCheckReport): string {
  const lines = [
    `Checked ${r.entries.toLocaleString('en-IN')} ledger entries of ${r.vendors.toLocaleString('en-IN')} vendor accounts in ${r.ms} ms.`,
  ];
  if (r.mismatchCount === 0) {
    lines.push('Every balance matches its entries.');
    return lines.join('\n');
  }
  lines.push(
    `${r.mismatchCount} mismatch${r.mismatchCount === 1 ? '' : 'es'} (amounts in paise)${r.mismatchCount > r.mismatches.length ? `, the first ${r.mismatches.length} listed` : ''}:`,
  );
  for (const m of r.mismatches) {
    const who = m.vendor ? `${m.vendor} (${m.vendorId})` : m.vendorId;
    lines.push(
      `  ${who}${m.seq !== null ? ` entry ${m.seq}` : ''}: ${m.what}: expected ${m.expected}, found ${m.found}`,
    );
  }
  return lines.join('\n');
}

type Env = Record<string, string | undefined>;

export async function runLedgerCheckCli(
  argv: string[],
  env: Env,
  print: (text: string) => void = console.log,
  schema = 'vendors',
): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: {
        limit: { type: 'string' },
        force: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }).values;
  } catch (err) {
    print(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    print(USAGE);
    return 0;
  }
  const limit = args.limit === undefined ? 1000 : Number(args.limit);
  if (!Number.isInteger(limit) || limit < 1) {
    print(`--limit must be a whole number of at least 1\n\n${USAGE}`);
    return 2;
  }
  const { db, where } = await openServiceDatabase(env, 'vendors', args.force);
  try {
    const found = await db.query<{ t: string | null }>(`SELECT to_regclass($1)::text AS t`, [
      `${schema}.ledger_entries`,
    ]);
    if (!found.rows[0]?.t) {
      print(`No vendor ledger in schema "${schema}" (${where}): start the system once to migrate it.`);
      return 1;
    }
    const report = await checkLedgers(db, schema, { limit });
    print(`${formatLedgerReport(report)}\n(${where})`);
    return report.mismatchCount > 0 ? 1 : 0;
  } finally {
    await db.close();
  }
}
