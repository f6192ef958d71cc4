/**
 * How an endpoint the browser calls is declared: its method, its path (`:name` for a path
 * parameter) and the types of its query, body and answer. Each module keeps its table in
 * `endpoints/<module>.ts`; the SDK's `call(api, 'po.get', …)` reads them (types only: no schema
 * reaches the browser through a table).
 */
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** How a call travels: JSON both ways, a multipart form answered with JSON, or a file to save. */
export type Transport = 'json' | 'form' | 'file';

/** One endpoint. `Q`, `B` and `R` exist only as types (what it takes and answers); `never` where it takes none. */
export interface Endpoint<
  M extends Method = Method,
  P extends string = string,
  Q = unknown,
  B = unknown,
  R = unknown,
  T extends Transport = Transport,
> {
  readonly method: M;
  readonly path: P;
  readonly transport: T;
  /** Never set: carries the types. */
  readonly types?: { query: Q; body: B; response: R };
}

/** An endpoint being declared: `.query<Q>()`, `.body<B>()` or `.form()`, then `.returns<R>()` or `.file()`. */
interface Draft<M extends Method, P extends string, Q, B, T extends Transport> {
  query<Q2 extends object>(): Draft<M, P, Q2, B, T>;
  body<B2>(): Draft<M, P, Q, B2, T>;
  /** The body is a multipart form (a file upload); the answer is JSON. */
  form(): Draft<M, P, Q, FormData, 'form'>;
  returns<R>(): Endpoint<M, P, Q, B, R, T>;
  /** The answer is a file (an export): the SDK answers its bytes and the name the server gave it. */
  file(): Endpoint<M, P, Q, B, never, 'file'>;
}

function route<M extends Method>(method: M) {
  return <P extends string>(path: P): Draft<M, P, never, never, 'json'> => {
    let transport: Transport = 'json';
    const draft = {
      query: () => draft,
      body: () => draft,
      form: () => ((transport = 'form'), draft),
      returns: () => ({ method, path, transport }),
      file: () => ({ method, path, transport: 'file' }),
    };
    return draft as unknown as Draft<M, P, never, never, 'json'>;
  };
}

export const get = route('GET');
export const post = route('POST');
export const patch = route('PATCH');
export const put = route('PUT');
export const del = route('DELETE');
