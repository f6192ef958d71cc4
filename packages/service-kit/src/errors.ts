import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** An error whose message is meant for the user, with its HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please sign in to continue') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new HttpError(
    429,
    message,
    retryAfterSeconds ? { 'retry-after': String(Math.ceil(retryAfterSeconds)) } : {},
  );

interface AjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
  parentSchema?: { errorMessage?: string };
}

function fieldName(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.');
}

/** A validation failure as a sentence a user can act on. */
export function validationMessage(error: AjvError, part: string | undefined): string {
  const field = fieldName(error.instancePath);
  if (error.keyword === 'required') return `${String(error.params.missingProperty)} is required`;
  if (error.keyword === 'additionalProperties')
    return `Unknown field: ${String(error.params.additionalProperty)}`;
  const custom = error.parentSchema?.errorMessage;
  if (custom) return custom;
  if (!field) return part === 'body' ? 'Request body must be a JSON object' : `Invalid ${part ?? 'request'}`;
  return `${field} ${error.message ?? 'is invalid'}`;
}

/** What a request answers while the database is away (restarting, failing over, unreachable). */
export const DATABASE_UNAVAILABLE =
  'The service cannot reach its database right now. Please try again in a moment.';

/** PostgreSQL SQLSTATEs of a lost or refused connection: class 08, admin/crash shutdown, starting up. */
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03']);
/** Socket errors of a connection to the database (top-level codes only: a failed fetch() wraps its own in `cause`). */
const NET_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** node-postgres reports a dropped connection and the pool's connect timeout by message only. */
const PG_MESSAGES = [
  /^Connection terminated/i, // "… unexpectedly", "… due to connection timeout"
  /^timeout exceeded when trying to connect/i, // pg-pool: connectionTimeoutMillis passed
  /^Client has encountered a connection error and is not queryable/i,
  /^Client was closed and is not queryable/i,
  /^terminating connection due to administrator command/i,
];

/**
 * Whether `err` says the database cannot be reached right now (a restart, a failover, a network
 * cut) rather than that the query was wrong: the request can be tried again in a moment.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; message?: unknown; statusCode?: unknown };
  // An error that carries an HTTP status is the request's own (a client that hung up mid-body).
  if (e.statusCode !== undefined) return false;
  if (
    typeof e.code === 'string' &&
    (e.code.startsWith('08') || PG_UNAVAILABLE.has(e.code) || NET_UNAVAILABLE.has(e.code))
  )
    return true;
  return typeof e.message === 'string' && PG_MESSAGES.some((m) => m.test(e.message as string));
}

/** ARCHITECTURE §6: `{message}` with the right status; never a 500 for bad input, never 5xx details. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const error = err as Omit<FastifyError, 'validation'> & {
      validation?: AjvError[];
      validationContext?: string;
    };
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).headers(err.headers).send({ message: err.message });
    }
    if (error.validation && error.validation.length > 0) {
      // A union reports each branch first; the schema's own message (if any) says it best.
      const chosen = error.validation.find((e) => e.parentSchema?.errorMessage) ?? error.validation[0]!;
      return reply.status(400).send({ message: validationMessage(chosen, error.validationContext) });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send({ message: 'The request is too large' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send({ message: 'Send the request body as JSON' });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send({ message: 'Request body is empty' });
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return reply.status(400).send({ message: 'Request body is not valid JSON' });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err: error }, 'request failed: the database cannot be reached');
      return reply.status(503).header('retry-after', '5').send({ message: DATABASE_UNAVAILABLE });
    }
    const status = error.statusCode ?? 500;
    if (status === 400 && error instanceof SyntaxError)
      return reply.status(400).send({ message: 'Request body is not valid JSON' });
    if (status >= 400 && status < 500) return reply.status(status).send({ message: error.message });
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}

export function installNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` }),
  );
}

/** A PostgreSQL unique violation (23505), on `constraint` when given (PGlite and PostgreSQL alike). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; constraint?: unknown };
  return e.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/**
 * Runs `fn`; a unique violation (two saves racing past a "name taken" check to the unique index)
 * becomes 409 with `message`, as the check itself would have answered.
 */
export async function conflictOnUnique<T>(
  message: string,
  fn: () => Promise<T>,
  constraint?: string,
): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err, constraint)) throw conflict(message);
    throw err;
  }
}
