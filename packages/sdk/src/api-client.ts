import { ApiError } from './api-error';
import { clearSession, getToken as readToken } from './session';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
}

/** A file the server sent (an export, a PDF): its bytes and the name it suggested. */
export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition, else `fallbackName`. */
  fileName: string;
}

export interface ApiClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  /** POST a multipart form (a file import, an invoice photo); the answer is JSON. */
  upload<T>(path: string, form: FormData, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  /** GET a file (an export, a printable PO). */
  download(
    path: string,
    options: Omit<RequestOptions, 'body'> & { fallbackName: string },
  ): Promise<DownloadedFile>;
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

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The file name a Content-Disposition header suggests (filename* first), if any. */
export function fileNameOf(response: Pick<Response, 'headers'>): string | null {
  const disposition = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  const raw = star?.[1] ?? plain?.[1];
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Saves a downloaded file in the browser, under its name. */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
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

  /** One call: the bearer token, a clear error when the server cannot be reached, {message} errors as ApiError. */
  async function send(
    method: string,
    path: string,
    query: RequestOptions['query'],
    init: { body?: BodyInit; json?: boolean; signal?: AbortSignal | undefined },
  ): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (init.json) headers['Content-Type'] = 'application/json';
    // Every call carries the bearer token except sending the code (SPEC §7).
    const token = method === 'POST' && path === '/auth/sendOtp' ? null : getToken();
    if (token) headers.Authorization = `Bearer ${token}`;

    let response: Response;
    try {
      response = await fetchImpl(buildUrl(baseUrl, path, query), {
        method,
        headers,
        body: init.body,
        signal: init.signal,
      });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
    }
    if (!response.ok) {
      const data = await readJson(response);
      if (response.status === 401 && !SIGN_IN_PATHS.includes(path)) onUnauthorized();
      throw new ApiError(response.status, messageOf(data, response.status));
    }
    return response;
  }

  async function request<T>(
    method: string,
    path: string,
    { query, body, signal }: RequestOptions = {},
  ): Promise<T> {
    const init = body === undefined ? { signal } : { body: JSON.stringify(body), json: true, signal };
    return (await readJson(await send(method, path, query, init))) as T;
  }

  return {
    request,
    upload: async <T>(path: string, form: FormData, options: Omit<RequestOptions, 'body'> = {}) =>
      (await readJson(await send('POST', path, options.query, { body: form, signal: options.signal }))) as T,
    download: async (path, { query, signal, fallbackName }) => {
      const response = await send('GET', path, query, { signal });
      return { blob: await response.blob(), fileName: fileNameOf(response) ?? fallbackName };
    },
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
  upload: (path, form, options) => current.upload(path, form, options),
  download: (path, options) => current.download(path, options),
  get: (path, options) => current.get(path, options),
  post: (path, body, options) => current.post(path, body, options),
  patch: (path, body, options) => current.patch(path, body, options),
  delete: (path, options) => current.delete(path, options),
};

export function configureApi(options: ApiClientOptions): void {
  current = createApiClient(options);
}
