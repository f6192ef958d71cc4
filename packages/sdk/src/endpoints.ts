/**
 * The API's call table: one declaration per endpoint — its method, its path (`:name` for a path
 * parameter), and the types of its query, body and answer from @erp/contracts. A call names the
 * endpoint and gets its answer typed; nothing is written twice and no type argument is given:
 *
 *   const page = await call(api, 'items.list', { query: { limit: 100, offset: 0 }, signal }); // ItemListResponse
 *   await call(api, 'items.update', { params: { id }, body });                                // ItemResponse
 *
 * Only types come from the contracts (the schemas stay on the server side of the bundle). A new
 * endpoint is one more line below; the service declares the same schemas on its route.
 */
import type {
  ApprovalBody,
  CreditNoteBody,
  LedgerEntryResponse,
  OverbillDecisionBody,
  OverbillListQuery,
  OverbillListResponse,
  OverbillResponse,
  PaymentBody,
  ReverseBody,
  StatementQuery,
  VendorAccountsQuery,
  VendorAccountsResponse,
  VendorLedgerQuery,
  VendorLedgerResponse,
  CompareBody,
  CreateIndentBody,
  FleetBody,
  FleetResponse,
  Indent,
  IndentCompare,
  IndentCompareResponse,
  IndentListQuery,
  IndentListResponse,
  IndentResponse,
  PoListQuery,
  PoListResponse,
  PurchaseOrder,
  PhotoResponse,
  PoResponse,
  ReceiptBody,
  ShortCloseBody,
  ReworkBody,
  UpdateIndentBody,
  Boq,
  BoqImportPreview,
  BoqItemsResponse,
  BoqListQuery,
  BoqListResponse,
  BoqResponse,
  CreateBoqBody,
  UpdateBoqBody,
  CreateItemBody,
  CreateMemberBody,
  CreateProjectBody,
  CreateVendorBody,
  DashboardResponse,
  ImportJob,
  Item,
  ItemExportQuery,
  ItemListQuery,
  ItemListResponse,
  ItemResponse,
  MeResponse,
  Member,
  MemberResponse,
  MessageResponse,
  NextProjectCodeResponse,
  Project,
  ProjectListQuery,
  ProjectListResponse,
  ProjectResponse,
  PriceHistoryResponse,
  RemoveVendorPriceQuery,
  SendOtpBody,
  TeamListQuery,
  TeamListResponse,
  UpdateItemBody,
  UpdateMemberBody,
  UpdateProjectBody,
  UpdateVendorBody,
  UpdateVendorPriceBody,
  Vendor,
  VendorItemsQuery,
  VendorItemsResponse,
  VendorListQuery,
  VendorListResponse,
  VendorResponse,
  VerifyOtpBody,
  VerifyOtpResponse,
} from '@erp/contracts';
import type { ApiClient, DownloadedFile, QueryValue } from './api-client';

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
  /** The answer is a file (an export): its bytes and the name the server gave it. */
  file(): Endpoint<M, P, Q, B, DownloadedFile, 'file'>;
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

const get = route('GET');
const post = route('POST');
const patch = route('PATCH');
const put = route('PUT');
const del = route('DELETE');

/** Every endpoint the browser calls (SPEC §7 and what the modules added in its style), by name. */
export const endpoints = {
  // Sign-in (auth service)
  'auth.sendOtp': post('/auth/sendOtp').body<SendOtpBody>().returns<MessageResponse>(),
  'auth.verifyOtp': post('/auth/verifyOtp').body<VerifyOtpBody>().returns<VerifyOtpResponse>(),
  'auth.me': get('/auth/me').returns<MeResponse>(),
  'auth.logout': post('/auth/logout').returns<MessageResponse>(),
  // Team (auth service)
  'team.list': get('/auth/teamList').query<TeamListQuery>().returns<TeamListResponse>(),
  'team.create': post('/auth/createTeam').body<CreateMemberBody>().returns<MemberResponse>(),
  'team.get': get('/auth/details/:id').returns<Member>(),
  'team.update': patch('/auth/:id').body<UpdateMemberBody>().returns<MemberResponse>(),
  // Projects (projects service)
  'projects.list': get('/project').query<ProjectListQuery>().returns<ProjectListResponse>(),
  'projects.nextCode': get('/project/nextCode').returns<NextProjectCodeResponse>(),
  'projects.get': get('/project/:id').returns<Project>(),
  'projects.create': post('/project').body<CreateProjectBody>().returns<ProjectResponse>(),
  'projects.update': patch('/project/:id').body<UpdateProjectBody>().returns<ProjectResponse>(),
  // Bills of quantities (projects service)
  'boq.list': get('/boq/all').query<BoqListQuery>().returns<BoqListResponse>(),
  'boq.get': get('/boq/:id').returns<Boq>(),
  'boq.items': get('/boq/items/:id').returns<BoqItemsResponse>(),
  'boq.create': post('/boq').body<CreateBoqBody>().returns<BoqResponse>(),
  'boq.update': put('/boq/:id').body<UpdateBoqBody>().returns<BoqResponse>(),
  'boq.remove': del('/boq/:id').returns<MessageResponse>(),
  'boq.revise': post('/boq/:id/revise').returns<BoqResponse>(),
  /** A spreadsheet (XLSX or CSV, field `file`) read against the item master; nothing is stored. */
  'boq.import': post('/boq/import').form().returns<BoqImportPreview>(),
  'boq.export': get('/boq/:id/export').file(),
  // Vendor master (vendors service)
  'vendors.list': get('/vendors/all').query<VendorListQuery>().returns<VendorListResponse>(),
  'vendors.create': post('/vendors').body<CreateVendorBody>().returns<VendorResponse>(),
  'vendors.get': get('/vendors/details/:id').returns<Vendor>(),
  'vendors.update': patch('/vendors/details/:id').body<UpdateVendorBody>().returns<VendorResponse>(),
  // Vendor ledgers (vendors service, /vendorTransaction)
  'ledger.accounts': get('/vendorTransaction').query<VendorAccountsQuery>().returns<VendorAccountsResponse>(),
  'ledger.overbilling': get('/vendorTransaction/overbilling')
    .query<OverbillListQuery>()
    .returns<OverbillListResponse>(),
  'ledger.approveOverbill': post('/vendorTransaction/overbilling/:id/approve')
    .body<OverbillDecisionBody>()
    .returns<OverbillResponse>(),
  'ledger.rejectOverbill': post('/vendorTransaction/overbilling/:id/reject')
    .body<OverbillDecisionBody>()
    .returns<OverbillResponse>(),
  'ledger.get': get('/vendorTransaction/:id').query<VendorLedgerQuery>().returns<VendorLedgerResponse>(),
  'ledger.addPayment': post('/vendorTransaction/:id/payments')
    .body<PaymentBody>()
    .returns<LedgerEntryResponse>(),
  'ledger.addCreditNote': post('/vendorTransaction/:id/credit-notes')
    .body<CreditNoteBody>()
    .returns<LedgerEntryResponse>(),
  'ledger.reverse': post('/vendorTransaction/:id/entries/:entryId/reverse')
    .body<ReverseBody>()
    .returns<LedgerEntryResponse>(),
  'ledger.statement': get('/vendorTransaction/:id/statement').query<StatementQuery>().file(),
  // Item master (catalog service)
  'items.list': get('/items/all').query<ItemListQuery>().returns<ItemListResponse>(),
  'items.create': post('/items').body<CreateItemBody>().returns<ItemResponse>(),
  'items.get': get('/items/:id').returns<Item>(),
  'items.update': patch('/items/:id').body<UpdateItemBody>().returns<ItemResponse>(),
  'items.priceHistory': get('/items/:id/priceHistory').returns<PriceHistoryResponse>(),
  'items.ofVendor': get('/items/vendor/:vendorId').query<VendorItemsQuery>().returns<VendorItemsResponse>(),
  'items.updateVendorPrice': patch('/items/:id/vendors/:vendorId')
    .body<UpdateVendorPriceBody>()
    .returns<ItemResponse>(),
  'items.removeVendorPrice': del('/items/:id/vendors/:vendorId')
    .query<RemoveVendorPriceQuery>()
    .returns<ItemResponse>(),
  'items.export': get('/items/export').query<ItemExportQuery>().file(),
  'items.import': post('/items/import').form().returns<ImportJob>(),
  'items.importJob': get('/items/import/:jobId').returns<ImportJob>(),
  // Indents (indent service)
  'indent.list': get('/indent').query<IndentListQuery>().returns<IndentListResponse>(),
  'indent.get': get('/indent/:id').returns<Indent>(),
  'indent.create': post('/indent').body<CreateIndentBody>().returns<IndentResponse>(),
  'indent.update': put('/indent/:id').body<UpdateIndentBody>().returns<IndentResponse>(),
  'indent.compare': get('/indent/compare/:id').returns<IndentCompare>(),
  'indent.saveCompare': post('/indent/compare/:id').body<CompareBody>().returns<IndentCompareResponse>(),
  'indent.approve': post('/indent/approval/:id').body<ApprovalBody>().returns<IndentResponse>(),
  'indent.rework': post('/indent/rework/:id').body<ReworkBody>().returns<IndentResponse>(),
  'indent.fleet': put('/indent/fleet/:id').body<FleetBody>().returns<FleetResponse>(),
  // Purchase orders (PO service)
  'po.list': get('/po').query<PoListQuery>().returns<PoListResponse>(),
  'po.get': get('/po/:id').returns<PurchaseOrder>(),
  'po.uploadPhoto': post('/po/:id/photos').form().returns<PhotoResponse>(),
  'po.receive': post('/poReceipt').body<ReceiptBody>().returns<PoResponse>(),
  'po.shortClose': post('/po/:id/short-close').body<ShortCloseBody>().returns<PoResponse>(),
  'po.pdf': get('/po/:id/pdf').file(),
  'po.photo': get('/po/:id/photos/:photoId').file(),
  // Dashboard (gateway)
  'dashboard.get': get('/dashboard').returns<DashboardResponse>(),
};

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

/** What endpoint `E` answers. */
export type ResponseOf<E> = E extends Endpoint<Method, string, unknown, unknown, infer R> ? R : never;

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
