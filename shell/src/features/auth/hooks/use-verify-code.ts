import { errorMessage, setSession } from '@erp/sdk';
import { toast, useNavigate } from '@erp/ui';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { setCurrentUser } from '../../../current-user';
import { useVerifyOtp } from '../api/verify-otp';

export interface VerifyCode {
  code: string;
  /** Why the last code was refused, shown beside the code boxes until the next one is typed. */
  codeError: string | null;
  /** The code boxes, focused again after a refusal. */
  codeRef: RefObject<HTMLInputElement | null>;
  typeCode: (next: string) => void;
  login: () => void;
  /** Empties the code and its message (the number is being changed). */
  clear: () => void;
  pending: boolean;
}

/**
 * The second step's one-time code: Login signs in and opens the dashboard; a refused code is said
 * beside the boxes, which are emptied and take the focus for the next try.
 */
export function useVerifyCode(phone: string): VerifyCode {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const [refusals, setRefusals] = useState(0);
  // After a refused code the emptied boxes take the focus (once they are enabled again).
  useEffect(() => {
    if (refusals > 0) codeRef.current?.focus();
  }, [refusals]);
  const verifyOtp = useVerifyOtp();

  const login = () => {
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

  const clear = () => {
    setCode('');
    setCodeError(null);
  };

  return { code, codeError, codeRef, typeCode, login, clear, pending: verifyOtp.isPending };
}
