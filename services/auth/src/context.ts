import type { ServiceContext } from '@erp/service-kit';
import type { AuthConfig } from './config.js';
import type { AuthDirectory } from './directory.js';
import type { MembersRepository } from './repositories/members.js';
import type { SessionsRepository } from './repositories/sessions.js';
import type { SmsSender } from './sms.js';
import type { ListCache } from './list-cache.js';

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
