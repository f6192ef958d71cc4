import { isValidPhone } from '@erp/contracts';
import { errorMessage } from '@erp/sdk';
import { toast } from '@erp/ui';
import { useState } from 'react';
import { signedInScreen } from '../../../screens';
import { useSendOtp } from '../api/send-otp';
import { RESEND_SECONDS, resendWaitFrom } from '../resend';
import { useSecondsUntil } from './use-seconds-until';

export interface SendCode {
  /** A code was sent (or one sent moments ago can still be entered): the page shows the code entry. */
  codeSent: boolean;
  /** Back to the first step ('Change Mobile Number'). */
  leaveCodeEntry: () => void;
  /** Seconds until another code may be asked for; 0 once it may. */
  resendIn: number;
  send: () => void;
  pending: boolean;
}

/**
 * Asking for a code, on the first step and as the second step's resend. A refusal inside the resend
 * wait keeps (or brings) the user on the code entry and counts down from the service's wait.
 */
export function useSendCode(phone: string): SendCode {
  const [codeSent, setCodeSent] = useState(false);
  /** When another code may be asked for (ms since the epoch). */
  const [resendAt, setResendAt] = useState<number | null>(null);
  const resendIn = useSecondsUntil(resendAt);
  const sendOtp = useSendOtp();

  // Sending (step 1) and resending (step 2) alike: a refusal inside the resend wait keeps (or
  // brings) the user on the code entry, with what they typed, and counts down from the service's wait.
  const send = () => {
    if (!isValidPhone(phone) || sendOtp.isPending) return;
    sendOtp.run(
      { phoneNumber: phone },
      {
        onSuccess: () => {
          setCodeSent(true);
          setResendAt(Date.now() + RESEND_SECONDS * 1000);
          toast({ title: 'OTP sent successfully', variant: 'success' });
          // While the code is typed, fetch the signed-in layout, so Login opens the dashboard at once.
          void signedInScreen.preload().catch(() => undefined);
        },
        onError: (error) => {
          const wait = resendWaitFrom(error);
          if (wait !== null) {
            // A code was sent to this number moments ago: it can still be entered.
            setCodeSent(true);
            setResendAt(Date.now() + wait * 1000);
          }
          toast({ title: errorMessage(error), variant: 'destructive' });
        },
      },
    );
  };

  return { codeSent, leaveCodeEntry: () => setCodeSent(false), resendIn, send, pending: sendOtp.isPending };
}
