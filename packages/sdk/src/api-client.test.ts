import { describe, expect, it, vi } from 'vitest';
import { createApiClient, fileNameOf } from './api-client';
import { ApiError } from './api-error';

function fakeFetch(status: number, body: unknown) {
  return vi.fn(
    async (_url: string | URL | Request, _init?: RequestInit) =>
      new Response(body === undefined ? '' : JSON.stringify(body), { status }),
  );
}

describe('createApiClient', () => {
  it('sends JSON with the bearer token and builds the query string', async () => {
    const fetch = fakeFetch(200, { ok: true });
    const api = createApiClient({ fetch, getToken: () => 'tok' });
    await api.get('/auth/teamList', { query: { limit: 10, offset: 0, keyword: '', status: 'all' } });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/auth/teamList?limit=10&offset=0&status=all');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('does not send the token when asking for a code', async () => {
    const fetch = fakeFetch(200, { message: 'OTP sent successfully' });
    const api = createApiClient({ fetch, getToken: () => 'tok' });
    await api.post('/auth/sendOtp', { phoneNumber: '9000000001' });
    const init = fetch.mock.calls[0]![1]!;
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(init.body).toBe('{"phoneNumber":"9000000001"}');
  });

  it("turns an error into ApiError with the server's message, the first one of a list", async () => {
    const api = createApiClient({
      fetch: fakeFetch(400, { message: ['Name must be at least 2 characters', 'other'] }),
      getToken: () => 't',
    });
    await expect(api.post('/auth/createTeam', {})).rejects.toEqual(
      new ApiError(400, 'Name must be at least 2 characters'),
    );
  });

  it('signs out on a 401, except while signing in', async () => {
    const onUnauthorized = vi.fn();
    const expired = createApiClient({
      fetch: fakeFetch(401, { message: 'Session expired' }),
      getToken: () => 't',
      onUnauthorized,
    });
    await expect(expired.get('/auth/me')).rejects.toMatchObject({ status: 401, message: 'Session expired' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);

    const wrongCode = createApiClient({
      fetch: fakeFetch(401, { message: 'Invalid or expired OTP' }),
      getToken: () => null,
      onUnauthorized,
    });
    await expect(
      wrongCode.post('/auth/verifyOtp', { phoneNumber: '9000000001', otp: 'AAAAAA' }),
    ).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('reports an unreachable server as status 0', async () => {
    const api = createApiClient({
      fetch: vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
      getToken: () => null,
    });
    await expect(api.get('/dashboard')).rejects.toMatchObject({ status: 0 });
  });
});

describe('files', () => {
  it('uploads a multipart form with the token, leaving the content type (and its boundary) to the browser, and reads the JSON answer', async () => {
    const fetch = fakeFetch(202, { _id: 'job-1' });
    const api = createApiClient({ fetch, getToken: () => 'tok' });
    const form = new FormData();
    form.append('file', new Blob(['a,b\n']), 'items.csv');
    await expect(api.upload('/items/import', form)).resolves.toEqual({ _id: 'job-1' });
    const init = fetch.mock.calls[0]![1]!;
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('downloads a file under the name the server gives, or the fallback', async () => {
    const named = vi.fn(
      async () =>
        new Response('Item Name\n', {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="items-2026-11-24.csv"' },
        }),
    );
    const file = await createApiClient({ fetch: named, getToken: () => 't' }).download('/items/export', {
      query: { format: 'csv' },
      fallbackName: 'x.csv',
    });
    expect(file.fileName).toBe('items-2026-11-24.csv');
    expect(await file.blob.text()).toBe('Item Name\n');
    const unnamed = vi.fn(async () => new Response('x', { status: 200 }));
    expect(
      (
        await createApiClient({ fetch: unnamed, getToken: () => 't' }).download('/x', {
          fallbackName: 'x.csv',
        })
      ).fileName,
    ).toBe('x.csv');
  });

  it('a refused download is an ApiError with the message, not a file of JSON', async () => {
    const api = createApiClient({
      fetch: fakeFetch(413, { message: 'The file is too large' }),
      getToken: () => 't',
    });
    await expect(api.download('/items/export', { fallbackName: 'x' })).rejects.toEqual(
      new ApiError(413, 'The file is too large'),
    );
  });

  it('reads names in Indian scripts from filename*', () => {
    const headers = new Headers({
      'content-disposition':
        'attachment; filename="po.pdf"; filename*=UTF-8\'\'%E0%A4%97%E0%A4%A3%E0%A5%87%E0%A4%B6.pdf',
    });
    expect(fileNameOf({ headers })).toBe('गणेश.pdf');
  });
});
