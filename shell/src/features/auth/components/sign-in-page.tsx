import { Card, CardContent, CardDescription, CardHeader, CardTitle, Spinner } from '@erp/ui';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import { useMobileEntry } from '../hooks/use-mobile-entry';
import { useSendCode } from '../hooks/use-send-code';
import { useVerifyCode } from '../hooks/use-verify-code';
import { CodeEntry } from './code-entry';
import { MobileField } from './mobile-field';
import { SignInFrame } from './sign-in-frame';
import { WideButton } from './wide-button';

const Form = styled.form`
  display: grid;
  gap: 1rem;
`;

/** Sign-in (SPEC §2 "Sign-in"): mobile number, then the one-time code. */
export function SignInPage() {
  const mobile = useMobileEntry();
  const { phone } = mobile;
  const sending = useSendCode(phone);
  const verify = useVerifyCode(phone);
  const { codeSent } = sending;

  const onSend = (event: FormEvent) => {
    event.preventDefault();
    sending.send();
  };

  const onLogin = (event?: FormEvent) => {
    event?.preventDefault();
    verify.login();
  };

  const changeNumber = () => {
    sending.leaveCodeEntry();
    verify.clear();
  };

  // One form for both steps: the number's field stays as it is while the rest of the form changes.
  return (
    <SignInFrame>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Sign in to Continue</CardTitle>
          <CardDescription>
            {codeSent
              ? `Enter the code sent to +91 ${phone}`
              : 'Enter your registered mobile number to receive a one-time code'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Form onSubmit={codeSent ? onLogin : onSend} noValidate>
            <MobileField mobile={mobile} readOnly={codeSent} />
            {codeSent ? (
              <CodeEntry verify={verify} sending={sending} onChangeNumber={changeNumber} />
            ) : (
              <WideButton
                type="submit"
                size="lg"
                disabled={!mobile.valid || sending.pending}
                aria-describedby={mobile.hint ? 'phone-msg' : undefined}
              >
                {sending.pending && <Spinner />}
                Send OTP
              </WideButton>
            )}
          </Form>
        </CardContent>
      </Card>
    </SignInFrame>
  );
}
