import type { VerifyOtpBody, VerifyOtpResponse } from '@erp/contracts';
import { api } from '@erp/sdk';
import { useMutation } from '@tanstack/react-query';

export const verifyOtp = (body: VerifyOtpBody) => api.post<VerifyOtpResponse>('/auth/verifyOtp', body);

export const useVerifyOtp = () => useMutation({ mutationFn: verifyOtp });
