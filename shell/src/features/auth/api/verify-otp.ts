import type { VerifyOtpBody } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { useAction } from '../../../lib/requests';

export const verifyOtp = (body: VerifyOtpBody) => call(api, 'auth.verifyOtp', { body });

export const useVerifyOtp = () => useAction(verifyOtp);
