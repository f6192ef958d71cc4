import type { VerifyOtpBody, VerifyOtpResponse } from '@erp/contracts';
import { api } from '@erp/sdk';
import { useAction } from '../../../lib/requests';

export const verifyOtp = (body: VerifyOtpBody) => api.post<VerifyOtpResponse>('/auth/verifyOtp', body);

export const useVerifyOtp = () => useAction(verifyOtp);
