import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

// ajv-formats is CommonJS; its default export arrives one level down under NodeNext.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

function makeAjv(options: Options): Ajv {
  // Rupees and quantities are multipleOf 0.01; in floating point 14.04 / 0.01 is 1403.9999…, so
  // the check needs a precision or it refuses valid two-decimal amounts.
  const ajv = new Ajv({ allErrors: false, verbose: true, strict: false, multipleOfPrecision: 4, ...options });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'errorMessage', schemaType: 'string' });
  return ajv;
}

/** The path of the first string holding a NUL character ('' for the value itself), or null. */
export function findNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return path ? `${path}.${key}` : key;
    const found = findNul(inner, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Bodies are validated strictly: no type coercion and unknown fields refused (schemas say
 * additionalProperties: false). Query strings and params are coerced from text, with defaults.
 */
export function installValidation(app: FastifyInstance): void {
  // A body-less request (POST /auth/logout) may carry any content type; a body must be JSON.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    const err = Object.assign(new Error('Send the request body as JSON'), { statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' });
    done(err, undefined);
  });
  const strict = makeAjv({ coerceTypes: false, removeAdditional: false, useDefaults: true });
  const lenient = makeAjv({ coerceTypes: true, removeAdditional: false, useDefaults: true });
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? strict : lenient;
    return ajv.compile(schema) as ReturnType<Parameters<FastifyInstance['setValidatorCompiler']>[0]>;
  });
  // PostgreSQL text cannot hold U+0000: a NUL in a name, a note or a search word would fail in the
  // database as a 500. It is bad input, so it is refused with 400 before any route runs.
  // A callback hook, not an async one: it runs on every request and needs no promise.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findNul(part);
      if (field !== null) return done(badRequest(`${field || 'The request'} contains a character that is not allowed`));
    }
    done();
  });
}
