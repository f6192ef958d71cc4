import type {
  ImportJob,
  Item,
  ItemListResponse,
  ItemResponse,
  MessageResponse,
  NextProjectCodeResponse,
  Project,
  ProjectListResponse,
  ProjectResponse,
  VendorListResponse,
} from '@erp/contracts';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createApiClient, type DownloadedFile } from './api-client';
import { call, endpoints, fillPath, type PathParams } from './endpoints';

const ID = '1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a';

/** A client over a fake fetch that answers `body` (JSON) and records what was asked. */
function recording(body: unknown = { ok: true }, headers: Record<string, string> = {}) {
  const fetch = vi.fn(
    async (_url: string | URL | Request, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status: 200, headers }),
  );
  const client = createApiClient({ fetch, getToken: () => 'tok', onUnauthorized: () => undefined });
  const asked = (n = 0) => {
    const [url, init] = fetch.mock.calls[n]!;
    return {
      url: String(url),
      method: init?.method,
      body: init?.body,
      headers: init?.headers as Record<string, string>,
      signal: init?.signal,
    };
  };
  return { client, asked };
}

describe('the call table', () => {
  it('fills path parameters, each encoded inside its own segment', async () => {
    const { client, asked } = recording();
    await call(client, 'items.updateVendorPrice', {
      params: { id: 'a b/c', vendorId: 'v?1#' },
      body: { price: 10 },
    });
    expect(asked()).toMatchObject({ url: '/api/v1/items/a%20b%2Fc/vendors/v%3F1%23', method: 'PATCH' });
    expect(fillPath('/auth/:id', { id: ID })).toBe(`/auth/${ID}`);
    expect(() => fillPath('/items/:id/vendors/:vendorId', { id: ID })).toThrow(/vendorId is missing/);
  });

  it('serialises the query in the order given, leaving out empty values', async () => {
    const { client, asked } = recording({ result: [], ItemData: [], totalItems: 0, total: 0 });
    await call(client, 'items.list', { query: { limit: 100, offset: 0, keyword: '', status: 'active' } });
    expect(asked()).toMatchObject({
      url: '/api/v1/items/all?limit=100&offset=0&status=active',
      method: 'GET',
    });
    await call(client, 'items.ofVendor', {
      params: { vendorId: ID },
      query: { keyword: 'tmt & bar', sort: 'price', order: 'desc' },
    });
    expect(asked(1).url).toBe(`/api/v1/items/vendor/${ID}?keyword=tmt+%26+bar&sort=price&order=desc`);
  });

  it('sends the body as JSON with the method the endpoint declares, and answers what the server sent', async () => {
    const { client, asked } = recording({ message: 'Changes Saved', item: { _id: ID } });
    const res = await call(client, 'items.update', {
      params: { id: ID },
      body: { name: 'Cement', unit: 'bags', vendors: [], version: 1 },
    });
    expect(res.item._id).toBe(ID);
    expect(asked()).toMatchObject({
      url: `/api/v1/items/${ID}`,
      method: 'PATCH',
      body: '{"name":"Cement","unit":"bags","vendors":[],"version":1}',
    });
    expect(asked().headers['Content-Type']).toBe('application/json');
  });

  it('sends a call without a body as none, and keeps the token off asking for a code', async () => {
    const { client, asked } = recording({ message: 'OTP sent successfully' });
    await call(client, 'auth.logout');
    expect(asked()).toMatchObject({ url: '/api/v1/auth/logout', method: 'POST', body: undefined });
    await call(client, 'auth.sendOtp', { body: { phoneNumber: '9000000001' } });
    expect(asked(1).headers.Authorization).toBeUndefined();
  });

  it('uploads a form as multipart and downloads a file under the name the server gave', async () => {
    const up = recording({ _id: ID, status: 'running' });
    const form = new FormData();
    form.append('file', new Blob(['a,b\n']), 'items.csv');
    expect((await call(up.client, 'items.import', { body: form }))._id).toBe(ID);
    expect(up.asked()).toMatchObject({ url: '/api/v1/items/import', method: 'POST' });
    expect(up.asked().body).toBe(form);
    expect(up.asked().headers['Content-Type']).toBeUndefined();

    const down = recording('x', { 'content-disposition': 'attachment; filename="items-2026-11-21.csv"' });
    const file = await call(down.client, 'items.export', {
      query: { format: 'csv', keyword: 'cement' },
      fallbackName: 'items.csv',
    });
    expect(file.fileName).toBe('items-2026-11-21.csv');
    expect(down.asked().url).toBe('/api/v1/items/export?format=csv&keyword=cement');
  });

  it('calls the projects service: the list with its filters, the next code, one project, create and update', async () => {
    const { client, asked } = recording({ result: [], totalItems: 0 });
    await call(client, 'projects.list', {
      query: { limit: 100, offset: 0, keyword: 'pune', status: 'active' },
    });
    expect(asked()).toMatchObject({
      url: '/api/v1/project?limit=100&offset=0&keyword=pune&status=active',
      method: 'GET',
    });
    await call(client, 'projects.nextCode');
    expect(asked(1)).toMatchObject({ url: '/api/v1/project/nextCode', method: 'GET' });
    await call(client, 'projects.get', { params: { id: ID } });
    expect(asked(2)).toMatchObject({ url: `/api/v1/project/${ID}`, method: 'GET' });
    await call(client, 'projects.create', {
      body: { name: 'Skyline Residency, Pune', projectCode: 'PRJ-0003', employees: [ID] },
    });
    expect(asked(3)).toMatchObject({
      url: '/api/v1/project',
      method: 'POST',
      body: `{"name":"Skyline Residency, Pune","projectCode":"PRJ-0003","employees":["${ID}"]}`,
    });
    await call(client, 'projects.update', { params: { id: ID }, body: { status: 'onHold', version: 2 } });
    expect(asked(4)).toMatchObject({
      url: `/api/v1/project/${ID}`,
      method: 'PATCH',
      body: '{"status":"onHold","version":2}',
    });
  });

  it('passes the abort signal on', async () => {
    const { client, asked } = recording();
    const controller = new AbortController();
    await call(client, 'vendors.get', { params: { id: ID }, signal: controller.signal });
    expect(asked().signal).toBe(controller.signal);
  });

  it('declares each endpoint once, with a path under the API root whose parameters are named once', () => {
    const seen = new Set<string>();
    for (const [name, e] of Object.entries(endpoints)) {
      expect(e.path, name).toMatch(/^\/[A-Za-z]/);
      const params = [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      expect(new Set(params).size, name).toBe(params.length);
      const key = `${e.method} ${e.path}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
  });

  it('types each answer from the contracts, and asks for exactly the parameters and body the endpoint takes', () => {
    const { client } = recording();
    expectTypeOf(call(client, 'items.list')).resolves.toEqualTypeOf<ItemListResponse>();
    expectTypeOf(
      call(client, 'vendors.list', { query: { limit: 20 } }),
    ).resolves.toEqualTypeOf<VendorListResponse>();
    expectTypeOf(call(client, 'items.get', { params: { id: ID } })).resolves.toEqualTypeOf<Item>();
    expectTypeOf(
      call(client, 'items.removeVendorPrice', { params: { id: ID, vendorId: ID } }),
    ).resolves.toEqualTypeOf<ItemResponse>();
    expectTypeOf(call(client, 'items.import', { body: new FormData() })).resolves.toEqualTypeOf<ImportJob>();
    expectTypeOf(
      call(client, 'items.export', { fallbackName: 'x.csv' }),
    ).resolves.toEqualTypeOf<DownloadedFile>();
    expectTypeOf(call(client, 'auth.logout')).resolves.toEqualTypeOf<MessageResponse>();
    expectTypeOf(
      call(client, 'projects.list', { query: { status: 'active' } }),
    ).resolves.toEqualTypeOf<ProjectListResponse>();
    expectTypeOf(call(client, 'projects.nextCode')).resolves.toEqualTypeOf<NextProjectCodeResponse>();
    expectTypeOf(call(client, 'projects.get', { params: { id: ID } })).resolves.toEqualTypeOf<Project>();
    expectTypeOf(
      call(client, 'projects.update', { params: { id: ID }, body: { version: 1 } }),
    ).resolves.toEqualTypeOf<ProjectResponse>();
    expectTypeOf<PathParams<'/items/:id/vendors/:vendorId'>>().toEqualTypeOf<{
      id: string;
      vendorId: string;
    }>();
    expectTypeOf<keyof PathParams<'/items/all'>>().toEqualTypeOf<never>();

    // Compile-time refusals (tsc -p packages/sdk); at run time the calls are never made.
    const refused = () => {
      // @ts-expect-error the path parameter id is missing
      void call(client, 'items.get');
      // @ts-expect-error a parameter the path does not have
      void call(client, 'items.get', { params: { id: ID, other: 'x' } });
      // @ts-expect-error an update needs its body
      void call(client, 'items.update', { params: { id: ID } });
      // @ts-expect-error a query field the endpoint does not take
      void call(client, 'items.list', { query: { page: 2 } });
      // @ts-expect-error a body where the endpoint takes none
      void call(client, 'items.get', { params: { id: ID }, body: {} });
      // @ts-expect-error no such endpoint
      void call(client, 'items.nothing');
      // @ts-expect-error a file download needs the name to save it under when the server gives none
      void call(client, 'items.export', { query: { format: 'csv' } });
    };
    expect(refused).toBeTypeOf('function');
  });
});
