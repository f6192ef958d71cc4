import type { MeResponse } from '@erp/contracts';
import { api } from '@erp/sdk';

/** The signed-in member with role and permissions (the shell needs it before drawing navigation). */
export const getMe = () => api.get<MeResponse>('/auth/me');
