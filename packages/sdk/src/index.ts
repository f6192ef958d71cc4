/** @erp/sdk: the browser transport (bearer token, errors as ApiError), the session and react-query defaults. */
export { ApiError, errorMessage } from './api-error';
export { createApiClient, configureApi, api, type ApiClient, type ApiClientOptions, type RequestOptions, type QueryValue } from './api-client';
export { getToken, getUserName, setSession, clearSession, subscribeSession } from './session';
export { createQueryClient, createQueryKeys } from './query';
export type { ShellCustomProps } from './shell-props';
