/**
 * The API's call table: a call names an endpoint and gets its answer typed; nothing is written twice
 * and no type argument is given:
 *
 *   const page = await call(api, 'items.list', { query: { limit: 100, offset: 0 }, signal }); // ItemListResponse
 *   await call(api, 'items.update', { params: { id }, body });                                // ItemResponse
 *
 * Each module keeps its endpoints (method, path, query, body and answer types) in
 * `@erp/contracts/endpoints` (`packages/contracts/src/endpoints/<module>.ts`); only types come from
 * the contracts, so the schemas stay on the server side of the bundle.
 */
import { endpoints, type Endpoint, type Method, type Transport } from '@erp/contracts/endpoints';
import type { ApiClient, DownloadedFile, QueryValue } from './api-client';

export { endpoints, type Endpoint, type Method, type Transport };

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path parameters of a path: `{ id: string; vendorId: string }` for `/items/:id/vendors/:vendorId`. */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string };

/** What a call of endpoint `E` takes: its path parameters, query and body as declared, an abort signal. */
export type CallOptions<E> =
  E extends Endpoint<Method, infer P, infer Q, infer B, unknown, infer T>
    ? ([ParamNames<P>] extends [never] ? { params?: never } : { params: PathParams<P> }) &
        ([Q] extends [never] ? { query?: never } : { query?: Q }) &
        ([B] extends [never] ? { body?: never } : { body: B }) &
        (T extends 'file' ? { fallbackName: string } : unknown) & { signal?: AbortSignal }
    : never;

/** What endpoint `E` answers (a file: its bytes and the name the server gave it). */
export type ResponseOf<E> =
  E extends Endpoint<Method, string, unknown, unknown, infer R, infer T>
    ? T extends 'file'
      ? DownloadedFile
      : R
    : never;

type CallArgs<E> = object extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/** The path with its parameters filled in, each encoded (a `/` in an id stays inside its segment). */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: the path parameter ${name} is missing`);
    return encodeURIComponent(value);
  });
}

/** Calls endpoint `name` through `client` (the shared `api`, or one of a test) and answers its typed result. */
export function call<N extends EndpointName>(
  client: ApiClient,
  name: N,
  ...[options]: CallArgs<Endpoints[N]>
): Promise<ResponseOf<Endpoints[N]>> {
  const endpoint: Endpoint = endpoints[name];
  const o = (options ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    signal?: AbortSignal;
    fallbackName?: string;
  };
  const path = fillPath(endpoint.path, o.params);
  const request = { query: o.query, signal: o.signal };
  let answer: Promise<unknown>;
  if (endpoint.transport === 'form') answer = client.upload(path, o.body as FormData, request);
  else if (endpoint.transport === 'file')
    answer = client.download(path, { ...request, fallbackName: o.fallbackName ?? 'download' });
  else answer = client.request(endpoint.method, path, { ...request, body: o.body });
  return answer as Promise<ResponseOf<Endpoints[N]>>;
}
