/**
 * What the vendor and ledger route plugins share: their error answers, the ledger's path params and
 * how a ledger route words a refusal of access. Access to the ledgers, as SPEC §6 gives it by role,
 * in the permission model's terms (each role's defaults, decision 0002; domain/ledger-forms.ts):
 * - the accounts list, a ledger, its statement and the overbilling queue: Vendors › Accounts read
 *   (Purchaser, Admin, Accountant); others are told LEDGER_MESSAGES.accessDenied;
 * - payments: Accounts write (Accountant, Admin);
 * - credit notes: Vendor List write (Purchaser, Admin) and Accounts read;
 * - a reversal: what adding the reversed entry needs;
 * - overbilling decisions: an Admin.
 */
import type { FastifyError, FastifyRequest, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { LEDGER_MESSAGES, Uuid } from '@erp/contracts';
import { forbidden, HttpError, type ServiceContext, COMMON_ERRORS, routesOf } from '@erp/service-kit';
import type { Company } from '../config.js';
import type { LedgerRepository } from '../repositories/ledger.js';

export const errors = COMMON_ERRORS;

/** The ledger's routes' options (tag ledger). */
export const route = routesOf('ledger', errors);

/** What the ledger routes share, built once at start. */
export interface LedgerDeps {
  ctx: ServiceContext;
  ledger: LedgerRepository;
  company: Company;
}

export const LedgerParams = Type.Object({ id: Uuid });
export const EntryParams = Type.Object({ id: Uuid, entryId: Uuid });

/** The ledger's own 403 messages (kept as they are); any other refusal of access is said in the route's words. */
const OWN_REFUSALS = new Set<string>([
  LEDGER_MESSAGES.onlyPayments,
  LEDGER_MESSAGES.onlyCreditNotes,
  LEDGER_MESSAGES.onlyAdminDecides,
  LEDGER_MESSAGES.accessDenied,
  LEDGER_MESSAGES.accessDeniedDetail,
]);

/**
 * A route's error handler that words the kit's access refusal (its onRequest check of
 * `config.access`) as SPEC §6 does; anything else goes on to the kit's handler unchanged.
 */
export function refusedAs(message: string) {
  return (err: FastifyError, _request: FastifyRequest, _reply: FastifyReply): never => {
    if (err instanceof HttpError && err.statusCode === 403 && !OWN_REFUSALS.has(err.message))
      throw forbidden(message);
    throw err;
  };
}
