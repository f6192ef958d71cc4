/** The contract-test helper itself: waiting for the mock server's bookkeeping never hides a missing request. */
import { describe, expect, it } from 'vitest';
import { consumerContract } from './testing';

describe('consumerContract', () => {
  it('still fails a test that never sends the request it promised', async () => {
    const contract = consumerContract('sdk-testing', 'nobody');
    const outcome = await contract
      .interaction('nothing', 'a request the test forgets to send')
      .withRequest('GET', '/api/v1/never-sent')
      .willRespondWith(200)
      .executeTest(async () => 'done')
      .then(
        () => 'passed',
        (e: unknown) => (e as Error).message,
      );
    expect(outcome).toContain('expected but not received');
  });
});
