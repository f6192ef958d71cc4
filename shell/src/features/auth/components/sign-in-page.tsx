import { isValidPhone, mobileHint, PHONE_INPUT_MAX, typedMobile } from '@erp/contracts';
import { errorMessage, setSession } from '@erp/sdk';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Field,
  Icon,
  Input,
  Skeleton,
  Spinner,
  theme,
  toast,
  useNavigate,
} from '@erp/ui';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { setCurrentUser } from '../../../current-user';
import { useSendOtp } from '../api/send-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { signedInScreen } from '../../../screens';
import { RESEND_SECONDS, resendLabel, resendWaitFrom, secondsLeft } from '../resend';

const OtpCodeInput = lazy(() => import('./otp-code-input'));

const Page = styled.main`
  min-height: 100vh;
  min-height: 100dvh;
  display: grid;
  place-items: center;
  padding: 1.5rem 1rem;
  background: linear-gradient(160deg, #f8fafc 0%, #e2e8f0 100%);
`;

const Column = styled.div`
  width: 100%;
  max-width: 24rem;
  display: grid;
  gap: 1.5rem;
`;

const Brand = styled.div`
  display: grid;
  justify-items: center;
  gap: 0.25rem;
  text-align: center;
`;

const Logo = styled.div`
  display: grid;
  place-items: center;
  width: 3rem;
  height: 3rem;
  border-radius: ${theme.radius.lg};
  background: ${theme.color.primary};
  color: ${theme.color.primaryForeground};
  margin-bottom: 0.5rem;
`;

const Heading = styled.h1`
  font-size: 1.75rem;
  font-weight: 800;
  letter-spacing: 0.02em;
`;

const Subtitle = styled.p`
  color: ${theme.color.mutedForeground};
`;

const Form = styled.form`
  display: grid;
  gap: 1rem;
`;

const PhoneRow = styled.div`
  display: flex;
  align-items: stretch;
  & > span {
    display: grid;
    place-items: center;
    padding: 0 0.75rem;
    border: 1px solid ${theme.color.input};
    border-right: none;
    border-radius: ${theme.radius.md} 0 0 ${theme.radius.md};
    background: ${theme.color.muted};
    color: ${theme.color.mutedForeground};
  }
  & > input {
    border-radius: 0 ${theme.radius.md} ${theme.radius.md} 0;
  }
`;

const Wide = styled(Button)`
  width: 100%;
`;

const Footer = styled.p`
  text-align: center;
  font-size: 0.75rem;
  color: ${theme.color.mutedForeground};
  & a {
    text-decoration: underline;
    text-underline-offset: 2px;
  }
`;

const preventPlaceholder = (event: { preventDefault: () => void }) => event.preventDefault();

/** Seconds until another code may be asked for, ticking once a second while there are any. */
function useSecondsUntil(at: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= at) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? 0 : secondsLeft(at, now);
}

/** Sign-in (SPEC §2 "Sign-in"): mobile number, then the one-time code. */
export function SignInPage() {
  const navigate = useNavigate();
  const [phone, setPhone] = useState('');
  const [phoneLeft, setPhoneLeft] = useState(false);
  const [codeSent, setCodeSent] = useState(false);
  const [code, setCode] = useState('');
  /** Why the last code was refused, shown beside the code boxes until the next one is typed. */
  const [codeError, setCodeError] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const [refusals, setRefusals] = useState(0);
  // After a refused code the emptied boxes take the focus (once they are enabled again).
  useEffect(() => {
    if (refusals > 0) codeRef.current?.focus();
  }, [refusals]);
  /** When another code may be asked for (ms since the epoch). */
  const [resendAt, setResendAt] = useState<number | null>(null);
  const resendIn = useSecondsUntil(resendAt);
  const sendOtp = useSendOtp();
  const verifyOtp = useVerifyOtp();
  const phoneInvalid = phoneLeft && phone !== '' && !isValidPhone(phone);
  // What the number still lacks (SPEC §5: Send OTP is refused until it has 10 digits), said under the field.
  const phoneHint = mobileHint(phone);

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

  const onSend = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  const onLogin = (event?: FormEvent) => {
    event?.preventDefault();
    // SPEC §5: Login does nothing while the code is empty.
    if (!code || verifyOtp.isPending) return;
    verifyOtp.run(
      { phoneNumber: phone, otp: code },
      {
        onSuccess: ({ token, user }) => {
          setCurrentUser(user);
          setSession({ token, user });
          toast({ title: 'Login successful', variant: 'success' });
          void navigate('/dashboard', { replace: true });
        },
        onError: (error) => {
          // The message beside the boxes, and the boxes emptied and focused for the next try.
          const message = errorMessage(error);
          setCodeError(message);
          setCode('');
          setRefusals((n) => n + 1);
          toast({ title: message, variant: 'destructive' });
        },
      },
    );
  };

  const typeCode = (next: string) => {
    setCode(next);
    if (next !== '') setCodeError(null);
  };

  const changeNumber = () => {
    setCodeSent(false);
    setCode('');
    setCodeError(null);
  };

  return (
    <Page>
      <Column>
        <Brand>
          <Logo>
            <Icon name="clipboard" size={24} />
          </Logo>
          <Heading>ERP</Heading>
          <Subtitle>Management System</Subtitle>
        </Brand>
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
            {!codeSent ? (
              <Form onSubmit={onSend} noValidate>
                <Field
                  label="Mobile Number"
                  htmlFor="phone"
                  error={phoneInvalid ? 'Enter a valid 10-digit mobile number' : undefined}
                  hint={phoneHint}
                >
                  <PhoneRow>
                    <span aria-hidden="true">+91</span>
                    <Input
                      id="phone"
                      name="phone"
                      type="tel"
                      inputMode="tel"
                      autoComplete="tel-national"
                      placeholder="Enter 10-digit mobile number"
                      value={phone}
                      onChange={(e) => setPhone(typedMobile(e.target.value))}
                      onBlur={() => setPhoneLeft(true)}
                      maxLength={PHONE_INPUT_MAX}
                      aria-invalid={phoneInvalid || undefined}
                      aria-describedby="phone-msg"
                      autoFocus
                    />
                  </PhoneRow>
                </Field>
                <Wide
                  type="submit"
                  size="lg"
                  disabled={!isValidPhone(phone) || sendOtp.isPending}
                  aria-describedby={phoneHint ? 'phone-msg' : undefined}
                >
                  {sendOtp.isPending && <Spinner />}
                  Send OTP
                </Wide>
              </Form>
            ) : (
              <Form onSubmit={onLogin} noValidate>
                <Field label="Mobile Number" htmlFor="phone">
                  <PhoneRow>
                    <span aria-hidden="true">+91</span>
                    <Input id="phone" name="phone" type="tel" value={phone} readOnly />
                  </PhoneRow>
                </Field>
                <Field label="Enter OTP" htmlFor="otp" error={codeError ?? undefined}>
                  <Suspense fallback={<Skeleton $height="3rem" />}>
                    <OtpCodeInput
                      ref={codeRef}
                      id="otp"
                      value={code}
                      onChange={typeCode}
                      disabled={verifyOtp.isPending}
                      invalid={codeError !== null}
                      describedBy="otp-msg"
                    />
                  </Suspense>
                </Field>
                <Wide type="submit" size="lg" disabled={verifyOtp.isPending}>
                  {verifyOtp.isPending && <Spinner />}
                  Login
                </Wide>
                <Wide
                  variant="outline"
                  onClick={send}
                  disabled={resendIn > 0 || sendOtp.isPending || verifyOtp.isPending}
                >
                  {sendOtp.isPending && <Spinner />}
                  {resendLabel(resendIn)}
                </Wide>
                <Wide variant="ghost" onClick={changeNumber} disabled={verifyOtp.isPending}>
                  Change Mobile Number
                </Wide>
              </Form>
            )}
          </CardContent>
        </Card>
        <Footer>
          By continuing, you agree to our{' '}
          <a href="#terms" onClick={preventPlaceholder}>
            Terms of Service
          </a>{' '}
          and{' '}
          <a href="#privacy" onClick={preventPlaceholder}>
            Privacy Policy
          </a>
          .
        </Footer>
      </Column>
    </Page>
  );
}
