import type { MessageResponse, SendOtpBody } from '@erp/contracts';
import { api } from '@erp/sdk';
import { useAction } from '../../../lib/requests';

export const sendOtp = (body: SendOtpBody) => api.post<MessageResponse>('/auth/sendOtp', body);

export const useSendOtp = () => useAction(sendOtp);
