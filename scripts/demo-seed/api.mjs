/**
 * A small client of the platform's public API (/api/v1), as the screens use it: sign-in with a
 * one-time code read from the development SMS outbox (the console provider), then JSON calls with
 * the member's token. Nothing here knows what is being seeded.
 */

export class ApiError extends Error {
  constructor(method, path, status, body) {
    super(`${method} ${path} answered ${status}: ${typeof body === 'string' ? body : JSON.stringify(body)}`);
    this.status = status;
    this.body = body;
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Call `fn` until it returns something other than undefined, retrying while the system catches
 * up: another service learns of a vendor, an item or a project through events, a moment after the
 * answer that made it. Answers that can never change (401, 403, 413) fail at once.
 */
export async function eventually(what, fn, { timeoutMs = 120_000, everyMs = 200 } = {}) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    let last;
    try {
      const value = await fn();
      if (value !== undefined) return value;
    } catch (err) {
      if (err instanceof ApiError && [401, 403, 413].includes(err.status)) throw err;
      last = err;
    }
    if (Date.now() > until)
      throw new Error(`gave up waiting for ${what}${last ? `: ${last.message}` : ''}`, { cause: last });
    await sleep(everyMs);
  }
}

/** `base`: the system's address (http://localhost:3000). `fetchFn`: fetch, or one of the same shape. */
export function apiClient(base, { fetchFn = fetch, prefix = '/api/v1' } = {}) {
  const url = (path) => `${base.replace(/\/$/, '')}${prefix}${path}`;

  async function call(token, method, path, body) {
    const form = body instanceof FormData;
    const headers = {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
    };
    const res = await fetchFn(url(path), {
      method,
      headers,
      ...(body === undefined ? {} : { body: form ? body : JSON.stringify(body) }),
    });
    const text = await res.text();
    let parsed = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: kept as text */
    }
    if (!res.ok) throw new ApiError(method, path, res.status, parsed);
    return parsed;
  }

  const as = (token) => ({
    token,
    get: (path) => call(token, 'GET', path),
    post: (path, body) => call(token, 'POST', path, body),
    put: (path, body) => call(token, 'PUT', path, body),
    patch: (path, body) => call(token, 'PATCH', path, body),
  });

  /** Sign in as the member with this number: Send OTP, the code from the dev outbox, verify. */
  async function signIn(phoneNumber) {
    const sent = async () => (await call(null, 'GET', `/dev/sms?phoneNumber=${phoneNumber}`)) ?? [];
    const before = (await sent()).length;
    await eventually(`a code sent to ${phoneNumber}`, () =>
      call(null, 'POST', '/auth/sendOtp', { phoneNumber }),
    );
    const code = await eventually(`the code sent to ${phoneNumber}`, async () => {
      const list = await sent();
      return list.length > before ? list[0].code : undefined;
    });
    const { token, user } = await call(null, 'POST', '/auth/verifyOtp', { phoneNumber, otp: code });
    return { ...as(token), user };
  }

  return { signIn, as, call };
}
