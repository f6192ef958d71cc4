import { Field, Skeleton, Spinner } from '@erp/ui';
import { lazy, Suspense } from 'react';
import type { SendCode } from '../hooks/use-send-code';
import type { VerifyCode } from '../hooks/use-verify-code';
import { resendLabel } from '../resend';
import { WideButton } from './wide-button';

const OtpCodeInput = lazy(() => import('./otp-code-input'));

export interface CodeEntryProps {
  verify: VerifyCode;
  sending: SendCode;
  onChangeNumber: () => void;
}

/**
 * The second step under the number: the code boxes (loaded on demand) with why the last code was
 * refused, Login, the resend with its countdown, and the way back to change the number.
 */
export function CodeEntry({ verify, sending, onChangeNumber }: CodeEntryProps) {
  return (
    <>
      <Field label="Enter OTP" htmlFor="otp" error={verify.codeError ?? undefined}>
        <Suspense fallback={<Skeleton $height="3rem" />}>
          <OtpCodeInput
            ref={verify.codeRef}
            id="otp"
            value={verify.code}
            onChange={verify.typeCode}
            disabled={verify.pending}
            invalid={verify.codeError !== null}
            describedBy="otp-msg"
          />
        </Suspense>
      </Field>
      <WideButton type="submit" size="lg" disabled={verify.pending}>
        {verify.pending && <Spinner />}
        Login
      </WideButton>
      <WideButton
        variant="outline"
        onClick={sending.send}
        disabled={sending.resendIn > 0 || sending.pending || verify.pending}
      >
        {sending.pending && <Spinner />}
        {resendLabel(sending.resendIn)}
      </WideButton>
      <WideButton variant="ghost" onClick={onChangeNumber} disabled={verify.pending}>
        Change Mobile Number
      </WideButton>
    </>
  );
}
