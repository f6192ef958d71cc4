import { api, call } from '@erp/sdk';

/** Revokes the session on the server (the gateway refuses the token from then on). */
export const logout = () => call(api, 'auth.logout');
