import type { SendOtpBody } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { useAction } from '../../../lib/requests';

export const sendOtp = (body: SendOtpBody) => call(api, 'auth.sendOtp', { body });

export const useSendOtp = () => useAction(sendOtp);
