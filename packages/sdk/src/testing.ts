import { configureApi } from './api-client';

/**
 * Points the shared API client at a contract test's mock server (Pact). Each request goes on its
 * own connection: mock servers come and go between tests, and a pooled keep-alive connection to one
 * that has just closed fails the next PATCH or POST (which fetch does not retry), so a test could
 * fail with "request expected but not received" now and then.
 */
export function connectToMockServer(url: string, token: string | null = 'a-session-token'): void {
  configureApi({
    baseUrl: `${url}/api/v1`,
    getToken: () => token,
    fetch: (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string> | undefined), connection: 'close' } }),
    onUnauthorized: () => undefined,
  });
}
