/**
 * fast-check arbitraries from a route's JSON schemas (TypeBox emits plain JSON Schema): values of
 * the declared shape, and hostile ones (wrong types, huge and strange strings, odd numbers, extra
 * and prototype-polluting properties, injection strings).
 */
import fc from 'fast-check';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  patternProperties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};

export const INJECTIONS = [
  "'; DROP TABLE members; --",
  "' OR '1'='1",
  "1; DELETE FROM vendors WHERE '1'='1",
  "Robert'); DROP TABLE items;--",
  '" OR ""="',
  "\\'; SELECT pg_sleep(5); --",
  '$1',
  '$$; DROP SCHEMA auth CASCADE; $$',
  '%',
  '_',
  '%_%',
  '\\',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  '__proto__',
  'constructor',
];

const CONTROL = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join('') + '\u007f';
export const STRANGE_TEXT = [
  '',
  ' ',
  '\u0000',
  `a\u0000b`,
  CONTROL,
  '\r\n\r\nX-Injected: 1',
  '\u202Egnp.exe',
  '\u200B\u200C\u200D\uFEFF',
  '\uD800',
  '\uDFFF\uD800',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'Ω≈ç√∫˜µ≤≥÷',
  'देवनागरी मराठी',
  'ﷺ',
  'Z̷̢̛̛̤̩͓a̵̡̘̳͍l̶̰̹̈́g̶̜͆o̴̬̾',
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  '-1e308',
  '0x10',
  'null',
  'undefined',
  'true',
  '[object Object]',
];

export const STRANGE_NUMBERS = [
  1e308,
  -1e308,
  -0,
  5e-324,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 63,
  0.1 + 0.2,
  1.005,
  -1,
  0,
  1234567.891,
];

/** Names and words of many scripts, for patterns fast-check cannot generate from. */
const WORDS = [
  'Ravi Kumar',
  "O'Brien",
  'Anne-Marie',
  'José Núñez',
  'Zoë',
  'Ω',
  'देवनागरी',
  'Ace Traders 2',
  'A & B (Pune)',
  'x',
  'ab',
  '',
];

/**
 * Strings the pattern accepts (ajv reads patterns with the u flag). fast-check's stringMatching
 * knows neither lookaheads nor \p{…} classes: those patterns are approximated without them and
 * what comes out is kept only when the real pattern accepts it.
 */
function patternArb(pattern: string, min: number, max: number): fc.Arbitrary<string> {
  const re = new RegExp(pattern, 'u');
  const ok = (v: string) => re.test(v) && v.length >= min && v.length <= max;
  try {
    return fc.stringMatching(re).filter(ok);
  } catch {
    /* approximated below */
  }
  const samples = WORDS.filter(ok);
  const simplified = pattern
    .replace(/\(\?[=!](?:[^()\\]|\\.)*\)/g, '')
    .replaceAll('\\p{L}', 'A-Za-zÀ-ÖØ-öø-ÿऀ-ॿ')
    .replaceAll('\\p{M}', '\u0300-\u036f')
    .replaceAll('\\p{Nd}', '0-9');
  try {
    const approx = fc.stringMatching(new RegExp(simplified, 'u')).filter(ok);
    return samples.length > 0 ? fc.oneof(approx, fc.constantFrom(...samples)) : approx;
  } catch {
    if (samples.length === 0)
      throw new Error(`no strings for the pattern ${pattern}: add some to WORDS in arbitraries.ts`);
    return fc.constantFrom(...samples);
  }
}

const stringArb = (s: JsonSchema): fc.Arbitrary<string> => {
  if (s.format === 'uuid') return fc.uuid();
  if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (s.format === 'email') return fc.emailAddress();
  const min = s.minLength ?? 0;
  const max = Math.min(s.maxLength ?? 60, min + 60);
  if (s.pattern) return patternArb(s.pattern, min, s.maxLength ?? Infinity);
  return fc.oneof(
    fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }),
    fc.constantFrom(...INJECTIONS).filter((v) => v.length >= min && v.length <= (s.maxLength ?? Infinity)),
  );
};

const numberArb = (s: JsonSchema, integer: boolean): fc.Arbitrary<number> => {
  const lo =
    s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 0.01) : -1e9);
  const hi =
    s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 0.01) : 1e9);
  if (integer) return fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) });
  const step = s.multipleOf ?? 0.01;
  // Whole multiples, divided (not multiplied) so 0.01 steps give exact two-decimal numbers.
  const per = Math.round(1 / step);
  return fc.integer({ min: Math.ceil(lo * per), max: Math.floor(hi * per) }).map((n) => n / per);
};

/** Values of the schema's shape (some may still be refused by the handler's own rules). */
/**
 * Values for fields by name that pass the handlers' own rules too (a unit from the list, a vendor
 * that exists), so that generated requests also get past validation into the handler.
 */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

export function validArb(s: JsonSchema, hints: Hints = {}): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const branches = s.anyOf ?? s.oneOf;
  if (branches) return fc.oneof(...branches.map((b) => validArb(b, hints)));
  if (s.allOf) return validArb(Object.assign({}, ...s.allOf) as JsonSchema, hints);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return stringArb(s);
    case 'integer':
      return numberArb(s, true);
    case 'number':
      return numberArb(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(s.items ? validArb(s.items, hints) : fc.jsonValue(), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 3, Math.max(s.minItems ?? 0, 3)),
      });
    case 'object': {
      const props = s.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) {
        const hint = hints[k];
        model[k] = hint
          ? fc.oneof({ weight: 3, arbitrary: hint }, { weight: 1, arbitrary: validArb(v, hints) })
          : validArb(v, hints);
      }
      const record = fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
      const pattern = Object.values(s.patternProperties ?? {})[0];
      if (!pattern) return record;
      return fc
        .tuple(
          record,
          fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), validArb(pattern, hints), { maxKeys: 2 }),
        )
        .map(([a, b]) => ({ ...b, ...a }));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** One value that no schema field should take in its stride. */
export const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...INJECTIONS),
  fc.constantFrom<unknown>(...STRANGE_TEXT),
  fc.constantFrom<unknown>(...STRANGE_NUMBERS),
  fc.constantFrom<unknown>(null, true, false, [], {}, [null], { $gt: '' }, { __proto__: { isAdmin: true } }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 1, max: 2_000 }).map((n) => 'ß'.repeat(n)),
  fc.array(fc.constantFrom<unknown>(...INJECTIONS), { maxLength: 50 }),
  fc.dictionary(
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', '$where', ''),
    fc.jsonValue({ maxDepth: 2 }),
    { maxKeys: 3 },
  ),
);

/** A value of the schema's shape with hostile parts: fields replaced, extra keys, the wrong type. */
export function hostileArb(s: JsonSchema, hints: Hints = {}): fc.Arbitrary<unknown> {
  const props = s.properties ?? {};
  const keys = Object.keys(props);
  const branches: Array<fc.Arbitrary<unknown>> = [hostileLeaf];
  if (keys.length > 0) {
    branches.push(
      // Some fields hostile, the others of the right shape.
      fc
        .tuple(
          validArb(s, hints),
          fc.subarray(keys, { minLength: 1 }),
          fc.array(hostileLeaf, { minLength: keys.length, maxLength: keys.length }),
        )
        .map(([valid, chosen, leaves]) => {
          const out = { ...(valid as Record<string, unknown>) };
          chosen.forEach((k, i) => (out[k] = leaves[i]));
          return out;
        }),
      // A field hostile one level down (an object or array field's insides).
      fc.tuple(validArb(s, hints), fc.constantFrom(...keys)).chain(([valid, k]) =>
        hostileArb(props[k]!, hints).map((inner) => ({
          ...(valid as Record<string, unknown>),
          [k]: inner,
        })),
      ),
      // The right shape plus properties the schema does not know.
      fc
        .tuple(
          validArb(s, hints),
          fc.dictionary(
            fc.oneof(
              fc.constantFrom('__proto__', 'constructor', 'isAdmin', 'role', '_id', 'version', ''),
              fc.string(),
            ),
            hostileLeaf,
            { minKeys: 1, maxKeys: 3 },
          ),
        )
        .map(([valid, extra]) => ({ ...(valid as Record<string, unknown>), ...extra })),
    );
  } else if (s.items) {
    branches.push(
      fc.array(hostileArb(s.items, hints), { maxLength: 3 }),
      fc.array(validArb(s.items, hints), { minLength: 201, maxLength: 260 }),
    );
  }
  return fc.oneof(...branches);
}

/** Text bodies JSON.stringify cannot make: numbers out of range, duplicate keys, bad encodings, prototype keys. */
export const RAW_BODIES: string[] = [
  '{"name":1e999,"price":-1e999}',
  '{"price":1e-400,"gst":-0.0,"moq":0e0}',
  '{"name":"a","name":"b"}',
  '{"__proto__":{"isAdmin":true,"role":"Admin"}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"name":"\\ud800"}',
  '{"name":"\\u0000"}',
  '{"name":"a"',
  '{"name":NaN}',
  "{'name':'a'}",
  '[]',
  'null',
  '""',
  '0',
  'true',
  ' ',
  '\uFEFF{}',
  '{}'.padEnd(10_000, ' '),
];
