/**
 * The two calls the JSON client cannot make: a file download (export) and a multipart upload
 * (import). Same base URL, bearer token and error shape as `api` from @erp/sdk.
 */
import { ApiError, getToken } from '@erp/sdk';

const BASE = '/api/v1';

async function failure(response: Response): Promise<ApiError> {
  let message = `Request failed (${response.status})`;
  try {
    const body = (await response.json()) as { message?: unknown };
    if (Array.isArray(body.message) && typeof body.message[0] === 'string') message = body.message[0];
    else if (typeof body.message === 'string' && body.message) message = body.message;
  } catch {
    // Not JSON: keep the generic message.
  }
  return new ApiError(response.status, message);
}

export async function rawRequest(method: string, path: string, init: { body?: BodyInit; signal?: AbortSignal } = {}): Promise<Response> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(BASE + path, {
      method,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      body: init.body,
      signal: init.signal,
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }
  if (!response.ok) throw await failure(response);
  return response;
}
