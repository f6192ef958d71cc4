/**
 * @erp/sdk: the browser transport (bearer token, errors as ApiError), the typed call table of the API
 * (`call(api, 'items.list', …)`) and the session. The react-query defaults are '@erp/sdk/query', so
 * that loading the SDK (the shell does at '/') does not load react-query.
 */
export { ApiError, errorMessage } from './api-error';
export {
  createApiClient,
  configureApi,
  api,
  fileNameOf,
  saveFile,
  type ApiClient,
  type ApiClientOptions,
  type DownloadedFile,
  type RequestOptions,
  type QueryValue,
} from './api-client';
export {
  call,
  endpoints,
  fillPath,
  type CallOptions,
  type Endpoint,
  type EndpointName,
  type Endpoints,
  type PathParams,
  type ResponseOf,
} from './endpoints';
export { newRequestKey } from './request-key';
export { getToken, getUserName, setSession, clearSession, subscribeSession } from './session';
export type { ShellCustomProps } from './shell-props';
