/**
 * Contract tests (Pact) of the browser's API calls: what every consumer test of a remote or the
 * shell sets up the same way. Test code only; nothing in an app imports it.
 */
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
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
    fetch: (input, init) =>
      fetch(input, {
        ...init,
        headers: { ...(init?.headers as Record<string, string> | undefined), connection: 'close' },
      }),
    onUnauthorized: () => undefined,
  });
}

/** The repository's pacts/ folder, where consumers write and providers read (from packages/sdk/src). */
export const PACTS_DIR = decodeURIComponent(new URL('../../../pacts', import.meta.url).pathname).replace(
  /^\/([A-Za-z]:)/,
  '$1',
);

/** The header a signed-in call carries, as the contract matches it (any bearer token). */
export const SIGNED_IN = { Authorization: MatchersV3.regex('^Bearer .+$', 'Bearer a-session-token') };

type Unconfigured = ReturnType<PactV4['addInteraction']>;
type WithRequest = ReturnType<Unconfigured['withRequest']>;
type Path = Parameters<Unconfigured['withRequest']>[1];
type RequestBuilder = Parameters<NonNullable<Parameters<Unconfigured['withRequest']>[2]>>[0];
type ResponseBuilder = Parameters<NonNullable<Parameters<WithRequest['willRespondWith']>[1]>>[0];
type MockServer = Parameters<Parameters<ReturnType<WithRequest['willRespondWith']>['executeTest']>[0]>[0];

/** One interaction, built as with Pact's own builder: request, response, then the test. */
export interface ContractInteraction {
  /** The request; a signed-in interaction's carries the bearer token without saying so. */
  withRequest(
    method: string,
    path: Path,
    build?: (request: RequestBuilder) => unknown,
  ): {
    willRespondWith(
      status: number,
      build?: (response: ResponseBuilder) => unknown,
    ): {
      /** Runs `test` with the shared API client pointed at the mock server (the app's own API files call it). */
      executeTest<T>(test: (mock: MockServer) => Promise<T>): Promise<T | undefined>;
    };
  };
}

export interface ConsumerContract {
  /** An interaction in the provider state `state`; `signedIn: false` for a call made before signing in (no token). */
  interaction(state: string, description: string, options?: { signedIn?: boolean }): ContractInteraction;
}

/** What the mock server reports of the requests it has matched (Pact's core, per port). */
export interface MockServerState {
  mockServerMatchedSuccessfully(port: number): boolean;
}

/**
 * Waits (up to `waitMs`, 2 s) until the mock server has booked every request it answered. Pact's mock server
 * (pact-core 19) answers a request before its event loop records the match, so under CPU load a
 * check made right after the test could report "expected but not received" for a request the test
 * was answered for (pact-foundation/pact-core-mock-server#13). A test that truly sent nothing still
 * fails, 2 s later, with Pact's own message.
 */
export async function matchesRecorded(state: MockServerState, port: number, waitMs = 2000): Promise<void> {
  const until = Date.now() + waitMs;
  while (!state.mockServerMatchedSuccessfully(port) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * The contract between `consumer` (a remote, the shell) and `provider` (a service, the gateway),
 * written to pacts/ as `<consumer>-<provider>.json`:
 *
 *   const contract = consumerContract('mfe-team', 'auth-service');
 *   await contract
 *     .interaction('the demo team exists', 'a request for the first page of team members')
 *     .withRequest('GET', '/api/v1/auth/teamList', (b) => b.query({ limit: '10', offset: '0' }))
 *     .willRespondWith(200, (b) => b.jsonBody({ result: eachLike(member), totalItems: integer(4) }))
 *     .executeTest(async () => expect((await getTeamList({ page: 1, keyword: '', status: 'all' })).totalItems).toBe(4));
 */
export function consumerContract(consumer: string, provider: string): ConsumerContract {
  const pact = new PactV4({ consumer, provider, dir: PACTS_DIR, logLevel: 'warn' });
  // PactV4 keeps its core handle private; executeTest checks the mock server through the same one.
  const core = () => (pact as unknown as { pact: MockServerState }).pact;
  return {
    interaction(state, description, { signedIn = true } = {}) {
      const started = pact.addInteraction().given(state).uponReceiving(description);
      return {
        withRequest(method, path, build) {
          const requested = started.withRequest(method, path, (b) => {
            if (signedIn) b.headers(SIGNED_IN);
            build?.(b);
          });
          return {
            willRespondWith(status, buildResponse) {
              const answered = requested.willRespondWith(
                status,
                buildResponse && ((b) => void buildResponse(b)),
              );
              return {
                executeTest: (test) =>
                  answered.executeTest(async (mock) => {
                    connectToMockServer(mock.url, signedIn ? 'a-session-token' : null);
                    const result = await test(mock);
                    await matchesRecorded(core(), mock.port);
                    return result;
                  }),
              };
            },
          };
        },
      };
    },
  };
}
