import type { MessageResponse } from '@erp/contracts';
import { api } from '@erp/sdk';

/** Revokes the session on the server (the gateway refuses the token from then on). */
export const logout = () => api.post<MessageResponse>('/auth/logout');
