/**
 * @erp/sdk: the browser transport (bearer token, errors as ApiError) and the session. The react-query
 * defaults are '@erp/sdk/query', so that loading the SDK (the shell does at '/') does not load react-query.
 */
export { ApiError, errorMessage } from './api-error';
export { createApiClient, configureApi, api, fileNameOf, saveFile, type ApiClient, type ApiClientOptions, type DownloadedFile, type RequestOptions, type QueryValue } from './api-client';
export { getToken, getUserName, setSession, clearSession, subscribeSession } from './session';
export type { ShellCustomProps } from './shell-props';
