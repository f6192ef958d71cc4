import type { FastifyInstance } from 'fastify';
import {
  MeResponse,
  MessageResponse,
  SendOtpBody,
  SessionRevoked,
  SessionStarted,
  VerifyOtpBody,
  VerifyOtpResponse,
  ErrorResponse,
} from '@erp/contracts';
import {
  forbidden,
  requireSignedIn,
  tooManyRequests,
  unauthorized,
  type TypeBoxTypeProvider,
} from '@erp/service-kit';
import { randomUUID } from 'node:crypto';
import { checkCode, generateCode, hashCode, smsText } from '../otp.js';
import { sessionRevokedData, sessionStartedData } from '../events.js';
import type { AuthDeps } from '../context.js';

const INVALID = 'Invalid or expired OTP';
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 429: ErrorResponse };

export async function sessionRoutes(app: FastifyInstance, deps: AuthDeps): Promise<void> {
  const { ctx, config, members, sessions, directory, sms, lists } = deps;
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const s = ctx.schema;

  r.post(
    '/auth/sendOtp',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: SendOtpBody, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      const { phoneNumber } = request.body;
      // The same answer and the same limits whether or not the number belongs to a member.
      const code = await ctx.tx(async (tx) => {
        // One request per number (and per address) at a time, so parallel calls cannot all pass
        // the count below before any of them is written. Class 1 numbers, class 2 addresses.
        await tx.query(
          `SELECT pg_advisory_xact_lock(1, hashtext($1)), pg_advisory_xact_lock(2, hashtext($2))`,
          [phoneNumber, request.ip],
        );
        const perNumber = await tx.query<{ n: number; last: Date | null }>(
          `SELECT count(*)::int AS n, max(requested_at) AS last FROM ${s}.otp_requests
            WHERE phone_number = $1 AND requested_at > now() - interval '1 hour'`,
          [phoneNumber],
        );
        const { n, last } = perNumber.rows[0]!;
        if (last) {
          const wait = config.otpResendSeconds - (Date.now() - last.getTime()) / 1000;
          if (wait > 0)
            throw tooManyRequests(
              `Please wait ${Math.ceil(wait)} seconds before requesting another OTP`,
              wait,
            );
        }
        if (n >= config.otpMaxPerNumberPerHour)
          throw tooManyRequests('Too many OTP requests for this number. Please try again in an hour.', 3600);
        const perIp = await tx.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${s}.otp_requests WHERE ip = $1 AND requested_at > now() - interval '1 hour'`,
          [request.ip],
        );
        if (perIp.rows[0]!.n >= config.otpMaxPerIpPerHour)
          throw tooManyRequests('Too many OTP requests. Please try again later.', 3600);
        await tx.query(`INSERT INTO ${s}.otp_requests (phone_number, ip) VALUES ($1, $2)`, [
          phoneNumber,
          request.ip,
        ]);

        // Every number gets a code, texted only to an active member: verifying then counts tries and
        // locks out a stranger's number exactly as a member's, so the answers tell nobody apart.
        await tx.query(
          `UPDATE ${s}.otp_codes SET consumed_at = now() WHERE phone_number = $1 AND consumed_at IS NULL`,
          [phoneNumber],
        );
        const code = generateCode();
        await tx.query(
          `INSERT INTO ${s}.otp_codes (id, phone_number, code_hash, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
          [randomUUID(), phoneNumber, hashCode(config.otpSecret, phoneNumber, code), config.otpTtlSeconds],
        );
        const member = await members.byPhone(tx, phoneNumber);
        return member && member.status === 'active' ? code : null;
      });
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

  r.post(
    '/auth/verifyOtp',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: VerifyOtpBody, response: { 200: VerifyOtpResponse, ...errors } },
    },
    async (request) => {
      const { phoneNumber, otp } = request.body;
      // Count the try first, atomically, so parallel guesses cannot exceed the limit.
      const tried = await ctx.db.query<{
        id: string;
        code_hash: string;
        expires_at: Date;
        attempts: number;
        consumed_at: Date | null;
      }>(
        `UPDATE ${s}.otp_codes SET attempts = attempts + 1
          WHERE id = (SELECT id FROM ${s}.otp_codes WHERE phone_number = $1 AND consumed_at IS NULL ORDER BY created_at DESC LIMIT 1)
          RETURNING id, code_hash, expires_at, attempts, consumed_at`,
        [phoneNumber],
      );
      const row = tried.rows[0];
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
      if (
        result === 'too-many-attempts' ||
        (result === 'mismatch' && row.attempts >= config.otpMaxAttempts)
      ) {
        await ctx.db.query(`UPDATE ${s}.otp_codes SET consumed_at = now() WHERE id = $1`, [row.id]);
        throw tooManyRequests('Too many wrong attempts. Please request a new OTP.');
      }
      if (result !== 'ok') throw unauthorized(INVALID);

      const signedIn = await ctx.tx(async (tx) => {
        const used = await tx.query(
          `UPDATE ${s}.otp_codes SET consumed_at = now() WHERE id = $1 AND consumed_at IS NULL RETURNING id`,
          [row.id],
        );
        if (used.rows.length === 0) return null; // the same code used twice at once: only one wins
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
          {
            requestId: request.id,
            actorId: member._id,
          },
        );
        return { member, session };
      });
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

  r.post(
    '/auth/logout',
    { schema: { tags: ['auth'], response: { 200: MessageResponse, 401: ErrorResponse } } },
    async (request) => {
      const auth = requireSignedIn(request);
      await ctx.tx(async (tx) => {
        const revoked = await sessions.revoke(tx, { sessionId: auth.sessionId }, 'logout');
        for (const sess of revoked) {
          await ctx.emit(tx, SessionRevoked, sessionRevokedData(sess, 'logout'), {
            requestId: request.id,
            actorId: auth.memberId,
          });
        }
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
