import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

// ajv-formats is CommonJS; its default export arrives one level down under NodeNext.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv,
) => Ajv;

function makeAjv(options: Options): Ajv {
  // Rupees and quantities are multipleOf 0.01; in floating point 14.04 / 0.01 is 1403.9999…, so
  // the check needs a precision or it refuses valid two-decimal amounts.
  const ajv = new Ajv({ allErrors: false, verbose: true, strict: false, multipleOfPrecision: 4, ...options });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'errorMessage', schemaType: 'string' });
  return ajv;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID's text (either case): what a `::uuid` cast takes without failing. */
export const isUuid = (value: string): boolean => UUID.test(value);

/** The path of the first string holding a NUL character ('' for the value itself), or null. */
export function findNul(value: unknown, path = ''): string | null {
  // A walk with its own stack, not recursion: however deep the value, no stack overflow.
  const stack: Array<{ value: unknown; path: string; key?: string }> = [{ value, path }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (item.key !== undefined && item.key.includes('\u0000')) return item.path;
    const v = item.value;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return item.path;
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    const entries = Object.entries(v);
    // Pushed last to first so that they are looked at in order, as a recursive walk would.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, inner] = entries[i]!;
      stack.push({ value: inner, path: item.path ? `${item.path}.${key}` : key, key });
    }
  }
  return null;
}

/** Deepest nesting of objects and arrays a JSON body may have (real bodies use 3 or 4 levels). */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP = `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels)`;

/**
 * Whether JSON text nests objects and arrays deeper than `limit`: one pass over the characters
 * (skipping strings), no recursion and no parsing, so it is safe on any text.
 */
export function jsonNestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * Every answer of a service carries `Cache-Control: no-store`: they hold tokens (sign-in) or
 * members' and businesses' data, which no browser or proxy cache should keep. A route that sets
 * its own Cache-Control keeps it.
 */
export function installNoStore(app: FastifyInstance): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

/**
 * What every service's plugin applies to its requests (and, with installNoStore, its answers).
 * Bodies are validated strictly: no type coercion and unknown fields refused (schemas say
 * additionalProperties: false). Query strings and params are coerced from text, with defaults.
 */
export function installValidation(app: FastifyInstance): void {
  installNoStore(app);
  // JSON bodies are checked for depth before they are parsed: a body of 100,000 nested arrays
  // would otherwise reach the checks below (and any other walk of the body) and overflow the
  // stack as a 500. Fastify's own parser (with its prototype-poisoning checks) does the parsing;
  // the size limit (bodyLimit) is applied while reading, before this runs (413).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) return done(badRequest(TOO_DEEP), undefined);
    parseJson(request, text, done);
  });
  // A body-less request (POST /auth/logout) may carry any content type; a body must be JSON.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    const err = Object.assign(new Error('Send the request body as JSON'), {
      statusCode: 415,
      code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
    });
    done(err, undefined);
  });
  const strict = makeAjv({ coerceTypes: false, removeAdditional: false, useDefaults: true });
  const lenient = makeAjv({ coerceTypes: true, removeAdditional: false, useDefaults: true });
  // Compiled on a route's first request, not at start: compiling every route's schemas took about
  // 0.45 s of CPU per process before it could answer (a full restart of nine processes on two cores).
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? strict : lenient;
    let compiled: ReturnType<typeof ajv.compile> | undefined;
    const validate = Object.assign(
      (data: unknown) => {
        compiled ??= ajv.compile(schema);
        const ok = compiled(data);
        // Fastify reads a failed check's errors from the function it was given.
        validate.errors = compiled.errors;
        return ok;
      },
      { errors: null as unknown },
    );
    return validate as unknown as ReturnType<Parameters<FastifyInstance['setValidatorCompiler']>[0]>;
  });
  // PostgreSQL text cannot hold U+0000: a NUL in a name, a note or a search word would fail in the
  // database as a 500. It is bad input, so it is refused with 400 before any route runs.
  // A callback hook, not an async one: it runs on every request and needs no promise.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findNul(part);
      if (field !== null)
        return done(badRequest(`${field || 'The request'} contains a character that is not allowed`));
    }
    done();
  });
}
