import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  MeResponse,
  MessageResponse,
  SendOtpBody,
  SessionStarted,
  VerifyOtpBody,
  VerifyOtpResponse,
  ErrorResponse,
  type Member,
} from '@erp/contracts';
import {
  forbidden,
  requireSignedIn,
  tooManyRequests,
  unauthorized,
  type Queryable,
  type TypeBoxTypeProvider,
  errorResponses,
  routesOf,
} from '@erp/service-kit';
import type { AuthDeps } from '../app.js';
import { checkCode, generateCode, hashCode, smsText } from '../domain/otp.js';
import { checkAddressRequests, checkNumberRequests, tryOutcome } from '../domain/sign-in-limits.js';
import { announceRevoked } from '../events/session-revoked.js';
import { sessionStartedData } from '../events/session-started.js';
import {
  consumeCode,
  countTry,
  lockRequester,
  recordRequest,
  replaceCode,
  requestsForNumber,
  requestsFromIp,
  useCode,
  type TriedCode,
} from '../repositories/otp.js';

const INVALID = 'Invalid or expired OTP';
const route = routesOf('auth', errorResponses(400, 401, 403, 429));

/**
 * A code request within the limits, in its transaction: recorded, the number's earlier codes used
 * up and a new one stored. Answers the code when the number is an active member's (to be texted).
 */
async function issueCode(
  { ctx, config, members }: AuthDeps,
  tx: Queryable,
  phoneNumber: string,
  ip: string,
): Promise<string | null> {
  const s = ctx.schema;
  // One request per number (and per address) at a time, so parallel calls cannot all pass
  // the count below before any of them is written. Class 1 numbers, class 2 addresses.
  await lockRequester(tx, phoneNumber, ip);
  checkNumberRequests(await requestsForNumber(s, tx, phoneNumber), Date.now(), config);
  checkAddressRequests(await requestsFromIp(s, tx, ip), config);
  await recordRequest(s, tx, phoneNumber, ip);
  // Every number gets a code, texted only to an active member: verifying then counts tries and
  // locks out a stranger's number exactly as a member's, so the answers tell nobody apart.
  const code = generateCode();
  await replaceCode(s, tx, phoneNumber, hashCode(config.otpSecret, phoneNumber, code), config.otpTtlSeconds);
  const member = await members.byPhone(tx, phoneNumber);
  return member && member.status === 'active' ? code : null;
}

function sendOtpRoute(app: FastifyInstance, deps: AuthDeps): void {
  const { ctx, config, sms } = deps;
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .post(
      '/auth/sendOtp',
      route('public', { body: SendOtpBody }, { 200: MessageResponse }),
      async (request) => {
        const { phoneNumber } = request.body;
        // The same answer and the same limits whether or not the number belongs to a member.
        const code = await ctx.tx((tx) => issueCode(deps, tx, phoneNumber, request.ip));
        if (code) {
          // Not awaited: answering later, or differently, when the SMS provider is slow or failing
          // would tell a stranger that the number belongs to a member.
          const text = smsText(code, Math.round(config.otpTtlSeconds / 60));
          (async () => sms.send(phoneNumber, text, code))().catch((err: unknown) => {
            request.log.error({ err }, 'could not send the sign-in code');
          });
        }
        return { message: 'OTP sent successfully' };
      },
    );
}

/** Count the try first, atomically, then judge it: 401 for a wrong or old code, 429 once locked out. */
async function triedCode({ ctx, config }: AuthDeps, phoneNumber: string, otp: string): Promise<TriedCode> {
  const row = await countTry(ctx.schema, ctx.db, phoneNumber);
  if (!row) throw unauthorized(INVALID);
  const result = checkCode(
    config.otpSecret,
    phoneNumber,
    otp,
    {
      codeHash: row.code_hash,
      expiresAt: row.expires_at,
      attempts: row.attempts,
      consumedAt: row.consumed_at,
    },
    new Date(),
    config.otpMaxAttempts,
  );
  const outcome = tryOutcome(result, row.attempts, config.otpMaxAttempts);
  if (outcome === 'lock') {
    await consumeCode(ctx.schema, ctx.db, row.id);
    throw tooManyRequests('Too many wrong attempts. Please request a new OTP.');
  }
  if (outcome !== 'ok') throw unauthorized(INVALID);
  return row;
}

/** The code used and a session started for its member, in one transaction; null when it was not theirs to use. */
async function startSession(
  { ctx, members, sessions }: AuthDeps,
  tx: Queryable,
  codeId: string,
  phoneNumber: string,
  request: FastifyRequest,
): Promise<{ member: Member; session: { id: string; expiresAt: Date } } | null> {
  if (!(await useCode(ctx.schema, tx, codeId))) return null; // the same code used twice at once: only one wins
  const member = await members.byPhone(tx, phoneNumber);
  if (!member) return null;
  if (member.status !== 'active')
    throw forbidden('Your account is inactive. Please contact your administrator.');
  const session = await sessions.create(
    tx,
    member._id,
    ctx.config.sessionTtlHours,
    request.ip,
    request.headers['user-agent'],
  );
  await members.touchLogin(tx, member._id);
  await ctx.audit(tx, {
    actorId: member._id,
    action: 'signed_in',
    entity: 'session',
    entityId: session.id,
    requestId: request.id,
  });
  // Every service honours the token only for a session it has heard auth start.
  await ctx.emit(
    tx,
    SessionStarted,
    sessionStartedData({ id: session.id, member_id: member._id, expires_at: session.expiresAt }),
    { requestId: request.id, actorId: member._id },
  );
  return { member, session };
}

function verifyOtpRoute(app: FastifyInstance, deps: AuthDeps): void {
  const { ctx, members, lists } = deps;
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .post(
      '/auth/verifyOtp',
      route('public', { body: VerifyOtpBody }, { 200: VerifyOtpResponse }),
      async (request) => {
        const { phoneNumber, otp } = request.body;
        const row = await triedCode(deps, phoneNumber, otp);
        const signedIn = await ctx.tx((tx) => startSession(deps, tx, row.id, phoneNumber, request));
        if (!signedIn) throw unauthorized(INVALID);
        lists.invalidate(); // last login changed
        const token = await ctx.tokens.sign({
          memberId: signedIn.member._id,
          sessionId: signedIn.session.id,
          expiresAt: signedIn.session.expiresAt,
        });
        const user = (await members.byId(ctx.db, signedIn.member._id))!;
        return { token, user };
      },
    );
}

function sessionInfoRoutes(app: FastifyInstance, { ctx, members, sessions, directory }: AuthDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post(
    '/auth/logout',
    { schema: { tags: ['auth'], response: { 200: MessageResponse, 401: ErrorResponse } } },
    async (request) => {
      const auth = requireSignedIn(request);
      await ctx.tx(async (tx) => {
        const revoked = await sessions.revoke(tx, { sessionId: auth.sessionId }, 'logout');
        await announceRevoked(ctx, tx, revoked, 'logout', { requestId: request.id, actorId: auth.memberId });
        await ctx.audit(tx, {
          actorId: auth.memberId,
          action: 'signed_out',
          entity: 'session',
          entityId: auth.sessionId,
          requestId: request.id,
        });
      });
      directory.forgetSession(auth.sessionId);
      return { message: 'Logged out successfully' };
    },
  );
  r.get(
    '/auth/me',
    { schema: { tags: ['auth'], response: { 200: MeResponse, 401: ErrorResponse } } },
    async (request) => {
      const auth = requireSignedIn(request);
      const user = await members.byId(ctx.db, auth.memberId);
      if (!user) throw unauthorized();
      return { user };
    },
  );
}

export async function sessionRoutes(app: FastifyInstance, deps: AuthDeps): Promise<void> {
  sendOtpRoute(app, deps);
  verifyOtpRoute(app, deps);
  sessionInfoRoutes(app, deps);
}
