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
  new HttpError(429, message, retryAfterSeconds ? { 'retry-after': String(Math.ceil(retryAfterSeconds)) } : {});

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
  if (error.keyword === 'additionalProperties') return `Unknown field: ${String(error.params.additionalProperty)}`;
  const custom = error.parentSchema?.errorMessage;
  if (custom) return custom;
  if (!field) return part === 'body' ? 'Request body must be a JSON object' : `Invalid ${part ?? 'request'}`;
  return `${field} ${error.message ?? 'is invalid'}`;
}

/** ARCHITECTURE §6: `{message}` with the right status; never a 500 for bad input, never 5xx details. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const error = err as Omit<FastifyError, 'validation'> & { validation?: AjvError[]; validationContext?: string };
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
    const status = error.statusCode ?? 500;
    if (status === 400 && error instanceof SyntaxError) return reply.status(400).send({ message: 'Request body is not valid JSON' });
    if (status >= 400 && status < 500) return reply.status(status).send({ message: error.message });
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}

export function installNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => reply.status(404).send({ message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` }));
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
export async function conflictOnUnique<T>(message: string, fn: () => Promise<T>, constraint?: string): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err, constraint)) throw conflict(message);
    throw err;
  }
}
