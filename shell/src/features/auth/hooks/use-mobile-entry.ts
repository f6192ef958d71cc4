import { isValidPhone, mobileHint, typedMobile } from '@erp/contracts';
import { useState } from 'react';

export interface MobileEntry {
  phone: string;
  /** Keeps the digits of what was typed (typedMobile), at most ten of them. */
  type: (raw: string) => void;
  /** The field was left once: from then on a number that is not a valid one is flagged. */
  leave: () => void;
  invalid: boolean;
  /** What the number still lacks, said under the field; null once it is complete. */
  hint: ReturnType<typeof mobileHint>;
  valid: boolean;
}

/**
 * The mobile number of the first step. Whether the field was left is kept for the whole page, so a
 * number changed after 'Change Mobile Number' is flagged as it is typed, as before the code was sent.
 */
export function useMobileEntry(): MobileEntry {
  const [phone, setPhone] = useState('');
  const [phoneLeft, setPhoneLeft] = useState(false);
  return {
    phone,
    type: (raw) => setPhone(typedMobile(raw)),
    leave: () => setPhoneLeft(true),
    invalid: phoneLeft && phone !== '' && !isValidPhone(phone),
    // What the number still lacks (SPEC §5: Send OTP is refused until it has 10 digits), said under the field.
    hint: mobileHint(phone),
    valid: isValidPhone(phone),
  };
}
