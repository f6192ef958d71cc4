import type { MessageResponse, SendOtpBody } from '@erp/contracts';
import { api } from '@erp/sdk';
import { useMutation } from '@tanstack/react-query';

export const sendOtp = (body: SendOtpBody) => api.post<MessageResponse>('/auth/sendOtp', body);

export const useSendOtp = () => useMutation({ mutationFn: sendOtp });
