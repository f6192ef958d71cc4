/**
 * npm run events:replay -- …: list dead-lettered events, or put them back to their consumers.
 * Run by scripts/events-replay.mjs against the built package; `runReplayCli` is what tests call.
 */
import { parseArgs } from 'node:util';
import { deadLetterSchemas, listDeadLetters, replayDeadLetters, type DeadLetter } from '../dead-letters.js';
import { openServiceDatabase } from '../db/service-database.js';
import type { Database } from '../db/types.js';

export { openServiceDatabase };

export const USAGE = `Dead letters: events a consumer gave up on (failed EVENT_MAX_ATTEMPTS times, or not valid).

  npm run events:replay -- --list [--service <schema>] [--consumer <name>] [--replayed]
  npm run events:replay -- --service <schema> --id <eventId> [--consumer <name>]
  npm run events:replay -- --service <schema> --all [--consumer <name>]

A replayed event goes back to its consumer only (<service>-<consumer>, as listed), which handles it
within OUTBOX_POLL_MS when the service runs, or when it next starts.
Database: <SERVICE>_DATABASE_URL or DATABASE_URL (PostgreSQL; the services may keep running),
else the embedded PGlite in DATA_DIR/pgdata (default ./data): stop the system first, PGlite is
one process's database (refused while its postmaster.pid is there; --force after a crash).`;

type Env = Record<string, string | undefined>;

function line(d: DeadLetter): string {
  const when = d.deadAt.toISOString().replace('T', ' ').slice(0, 19);
  const replayed = d.replayedAt
    ? `  replayed ${d.replayedAt.toISOString().replace('T', ' ').slice(0, 19)}`
    : '';
  return `${when}  ${d.consumer}  ${d.eventId}  ${d.subject}  ${d.reason}, ${d.attempts} tr${d.attempts === 1 ? 'y' : 'ies'}${replayed}\n    ${d.lastError.split('\n')[0]}`;
}

/** The command's options (see USAGE); anything else is refused. */
const OPTIONS = {
  service: { type: 'string' },
  id: { type: 'string' },
  consumer: { type: 'string' },
  all: { type: 'boolean', default: false },
  list: { type: 'boolean', default: false },
  replayed: { type: 'boolean', default: false },
  force: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

type ReplayArgs = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; strict: true }>>['values'];

/**
 * The command's options, or the exit code when there is nothing to run: 2 for options it cannot
 * read or that do not go together (with the usage printed), 0 for --help.
 */
function readArgs(argv: string[], print: (text: string) => void): ReplayArgs | number {
  let args: ReplayArgs;
  try {
    args = parseArgs({ args: argv, options: OPTIONS, strict: true }).values;
  } catch (err) {
    print(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const replay = Boolean(args.id) || args.all;
  if (
    args.help ||
    (!args.list && !replay) ||
    (args.list && replay) ||
    (args.id && args.all) ||
    (replay && !args.service)
  ) {
    print(USAGE);
    return args.help ? 0 : 2;
  }
  return args;
}

/** --list: the dead letters of one service, or of every service that has the table. */
async function listCommand(
  db: Database,
  args: ReplayArgs,
  schemas: string[],
  where: string,
  print: (text: string) => void,
): Promise<number> {
  let n = 0;
  for (const schema of schemas) {
    const rows = await listDeadLetters(db, schema, {
      consumer: args.consumer,
      includeReplayed: args.replayed,
    });
    if (rows.length === 0) continue;
    print(
      `${schema}: ${rows.length} dead letter${rows.length === 1 ? '' : 's'}${args.replayed ? ' (replayed ones too)' : ''}`,
    );
    for (const d of rows) print(`  ${line(d)}`);
    n += rows.length;
  }
  if (n === 0) print(`No dead letters${args.replayed ? '' : ' waiting'} (${where}).`);
  return 0;
}

/** --id or --all: hand the service's dead letters back to their consumers; 1 when any was refused or none waited. */
async function replayCommand(db: Database, args: ReplayArgs, print: (text: string) => void): Promise<number> {
  const result = await replayDeadLetters(db, args.service!, {
    eventId: args.id,
    consumer: args.consumer,
    all: args.all,
  });
  for (const d of result.replayed) print(`replayed  ${d.consumer}  ${d.eventId}  ${d.subject}`);
  for (const r of result.refused)
    print(`refused   ${r.deadLetter.consumer}  ${r.deadLetter.eventId}  ${r.deadLetter.subject}: ${r.why}`);
  if (result.replayed.length === 0 && result.refused.length === 0) {
    print(
      args.id
        ? `No waiting dead letter of event ${args.id} in ${args.service}.`
        : `No dead letters waiting in ${args.service}.`,
    );
    return 1;
  }
  print(
    `${result.replayed.length} event${result.replayed.length === 1 ? '' : 's'} handed back to ${result.replayed.length === 1 ? 'its consumer' : 'their consumers'}; they are handled when the ${args.service} service next looks (it must be running, or be started).`,
  );
  return result.refused.length > 0 ? 1 : 0;
}

/** Run the command; returns the exit code. */
export async function runReplayCli(
  argv: string[],
  env: Env,
  print: (text: string) => void = console.log,
): Promise<number> {
  const args = readArgs(argv, print);
  if (typeof args === 'number') return args;
  const { db, where } = await openServiceDatabase(env, args.service, args.force);
  try {
    const present = await deadLetterSchemas(db);
    if (args.service && !present.includes(args.service)) {
      print(
        `No dead-letter table in schema "${args.service}" (${where}); services with one: ${present.join(', ') || 'none (start the system once to migrate)'}`,
      );
      return 1;
    }
    if (args.list) return await listCommand(db, args, args.service ? [args.service] : present, where, print);
    return await replayCommand(db, args, print);
  } finally {
    await db.close();
  }
}
