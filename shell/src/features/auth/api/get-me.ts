import { api, call } from '@erp/sdk';

/** The signed-in member with role and permissions (the shell needs it before drawing navigation). */
export const getMe = () => call(api, 'auth.me');
