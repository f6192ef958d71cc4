import { ApiError } from './api-error';
import { clearSession, getToken as readToken } from './session';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
}

export interface ApiClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  delete<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
}

export interface ApiClientOptions {
  baseUrl?: string;
  getToken?: () => string | null;
  /** Called on a 401 from any call but sendOtp/verifyOtp. Default: clear the session and go to '/'. */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
}

/** Calls where a 401 means "wrong code", not "session gone". */
const SIGN_IN_PATHS = ['/auth/sendOtp', '/auth/verifyOtp'];

function defaultOnUnauthorized(): void {
  clearSession();
  if (window.location.pathname !== '/') {
    window.history.pushState(null, '', '/');
    // single-spa re-dispatches pushState as popstate; without it (a remote alone) tell listeners ourselves.
    window.dispatchEvent(new PopStateEvent('popstate'));
  }
}

function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  let url = baseUrl.replace(/\/$/, '') + path;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
    }
    const qs = params.toString();
    if (qs) url += `?${qs}`;
  }
  return url;
}

function messageOf(body: unknown, status: number): string {
  if (body && typeof body === 'object' && 'message' in body) {
    const message = (body as { message: unknown }).message;
    if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
    if (typeof message === 'string' && message) return message;
  }
  return `Request failed (${status})`;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const {
    baseUrl = '/api/v1',
    getToken = readToken,
    onUnauthorized = defaultOnUnauthorized,
    fetch: fetchImpl = (...args) => window.fetch(...args),
  } = options;

  async function request<T>(method: string, path: string, { query, body, signal }: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    // Every call carries the bearer token except sending the code (SPEC §7).
    const token = method === 'POST' && path === '/auth/sendOtp' ? null : getToken();
    if (token) headers.Authorization = `Bearer ${token}`;

    let response: Response;
    try {
      response = await fetchImpl(buildUrl(baseUrl, path, query), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
    }

    const text = await response.text();
    let data: unknown = undefined;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = undefined;
      }
    }
    if (!response.ok) {
      if (response.status === 401 && !SIGN_IN_PATHS.includes(path)) onUnauthorized();
      throw new ApiError(response.status, messageOf(data, response.status));
    }
    return data as T;
  }

  return {
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    patch: (path, body, opts) => request('PATCH', path, { ...opts, body }),
    delete: (path, opts) => request('DELETE', path, opts),
  };
}

let current: ApiClient = createApiClient();

/**
 * The client every app uses (one per page, since @erp/sdk is shared). It delegates to a client
 * that `configureApi` can replace: a remote running alone, or a contract test against a mock server.
 */
export const api: ApiClient = {
  request: (method, path, options) => current.request(method, path, options),
  get: (path, options) => current.get(path, options),
  post: (path, body, options) => current.post(path, body, options),
  patch: (path, body, options) => current.patch(path, body, options),
  delete: (path, options) => current.delete(path, options),
};

export function configureApi(options: ApiClientOptions): void {
  current = createApiClient(options);
}
