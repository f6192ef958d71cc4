import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@erp/sdk';
import { createQueryClient } from './query';

describe('createQueryClient', () => {
  it('reports a load that failed with a server error once, after its retries; 4xx and other errors are the screen’s', async () => {
    const onServerError = vi.fn();
    const client = createQueryClient({ onServerError });
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 0 } });

    const down = vi.fn(async () => {
      throw new ApiError(
        503,
        'The purchase orders service is not available right now. Please try again in a moment.',
      );
    });
    await expect(client.fetchQuery({ queryKey: ['po', 'list'], queryFn: down })).rejects.toMatchObject({
      status: 503,
    });
    expect(down).toHaveBeenCalledTimes(3);
    expect(onServerError).toHaveBeenCalledTimes(1);
    expect(onServerError.mock.calls[0]![0]).toMatchObject({
      status: 503,
      message: expect.stringMatching(/^The purchase orders service is not available/),
    });

    await expect(
      client.fetchQuery({
        queryKey: ['po', 'one'],
        queryFn: async () => Promise.reject(new ApiError(404, 'PO not found')),
      }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      client.fetchQuery({ queryKey: ['po', 'two'], queryFn: async () => Promise.reject(new Error('parse')) }),
    ).rejects.toThrow('parse');
    expect(onServerError).toHaveBeenCalledTimes(1);
  });
});
