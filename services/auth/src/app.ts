import { fileURLToPath } from 'node:url';
import type { ServiceContext, ServiceDefinition } from '@erp/service-kit';
import { loadAuthConfig, type AuthConfig } from './config.js';
import { accessSnapshotConsumer } from './events/access-snapshot-requested.js';
import { projectTeamsConsumer } from './events/project-team-set.js';
import { authDirectory, forgetOnChanges, type AuthDirectory } from './plugins/directory.js';
import { seedMembers } from './plugins/first-admin.js';
import { ListCache } from './plugins/list-cache.js';
import { pruneSignIns } from './plugins/retention.js';
import { createSmsSender, type SmsSender } from './plugins/sms.js';
import { membersRepository, type MembersRepository } from './repositories/members.js';
import { sessionsRepository, type SessionsRepository } from './repositories/sessions.js';
import { devRoutes } from './routes/dev.js';
import { jwksRoutes } from './routes/jwks.js';
import { sessionRoutes } from './routes/session.js';
import { teamRoutes } from './routes/team.js';

export { applyProjectTeam } from './events/project-team-set.js';
export type { SmsSender } from './plugins/sms.js';

/** What the auth routes share, built once at start. */
export interface AuthDeps {
  ctx: ServiceContext;
  config: AuthConfig;
  members: MembersRepository;
  sessions: SessionsRepository;
  directory: AuthDirectory;
  sms: SmsSender;
  /** Team-list answers; call invalidate() after any committed member change. */
  /** Team-list answers, already serialized (a cached answer costs no JSON work). */
  lists: ListCache<string>;
}

export interface AuthServiceOptions {
  env?: Record<string, string | undefined>;
  /** Replace the SMS adapter (tests). */
  sms?: SmsSender;
}

/** Auth service: one-time codes, sessions, team members, roles and permissions. */
export function authService(options: AuthServiceOptions = {}): ServiceDefinition {
  const env = options.env ?? process.env;
  const schema = 'auth';
  const members = membersRepository(schema);
  const sessions = sessionsRepository(schema);
  let config: AuthConfig | undefined;
  let dir: AuthDirectory | undefined;
  let sms: SmsSender | undefined;
  const lists = new ListCache<string>();

  return {
    name: 'auth',
    schema,
    migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
    directory(ctx) {
      dir = authDirectory(ctx.db, members, sessions);
      return dir.directory;
    },
    // Its settings are checked before the process connects to anything: a missing one (production)
    // stops the start with one line naming it.
    async configure(kit) {
      config ??= await loadAuthConfig(env, kit);
    },
    async onStart(ctx) {
      // Auth alone signs session tokens (ctx.tokens.sign); the process that runs it loads the private key.
      if (!ctx.config.sessionKeys.signingKey)
        throw new Error('The auth service needs its session signing key: set JWT_PRIVATE_KEY');
      config ??= await loadAuthConfig(env, ctx.config);
      sms = options.sms ?? createSmsSender(config.sms, ctx.log);
      await seedMembers(ctx, config, members);
      // Changes made by another instance of this service: drop what this one has cached.
      await forgetOnChanges(ctx, {
        member(memberId) {
          lists.invalidate();
          dir?.forgetMember(memberId);
        },
        session: (sessionId) => dir?.forgetSession(sessionId),
      });
    },
    // Used codes, code requests and ended sessions go after their retention (periodic job).
    async prune(ctx) {
      await pruneSignIns(ctx.db, schema, config!);
    },
    consumers: [
      // A service with an empty member replica asked for everyone's access and live sessions.
      accessSnapshotConsumer(members, sessions),
      // The project form set a project's Employees (decision 0015). The member caches are dropped
      // now; the member_upserted events it sends drop them again once committed.
      projectTeamsConsumer(members, (ids) => {
        lists.invalidate();
        for (const id of ids) dir?.forgetMember(id);
      }),
    ],
    async routes(app, ctx) {
      const deps: AuthDeps = { ctx, config: config!, members, sessions, directory: dir!, sms: sms!, lists };
      await sessionRoutes(app, deps);
      await jwksRoutes(app, deps);
      await teamRoutes(app, deps);
      await devRoutes(app, deps);
    },
  };
}
