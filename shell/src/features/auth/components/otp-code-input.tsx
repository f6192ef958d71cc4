/** The 6-slot code entry (input-otp). Loaded on demand: the first step of sign-in does not need it. */
import { OTP_LENGTH, sanitizeOtpInput } from '@erp/contracts';
import { theme } from '@erp/ui';
import { OTPInput, REGEXP_ONLY_DIGITS_AND_CHARS } from 'input-otp';
import type { Ref } from 'react';
import styled from 'styled-components';

const Slots = styled.div`
  display: flex;
  gap: 0.5rem;
  justify-content: center;
`;

const Slot = styled.div<{ $active: boolean; $invalid: boolean }>`
  position: relative;
  display: grid;
  place-items: center;
  width: 2.75rem;
  height: 3rem;
  border: 1px solid
    ${(p) => (p.$invalid ? theme.color.destructive : p.$active ? theme.color.primary : theme.color.input)};
  border-radius: ${theme.radius.md};
  box-shadow: ${(p) => (p.$active ? '0 0 0 3px rgba(148, 163, 184, 0.35)' : 'none')};
  font-size: 1.25rem;
  font-weight: 600;
  background: ${theme.color.background};
  @media (max-width: 380px) {
    width: 2.4rem;
    height: 2.75rem;
  }
`;

const Caret = styled.div`
  width: 1px;
  height: 1.25rem;
  background: ${theme.color.foreground};
  animation: otp-caret 1s step-end infinite;
  @keyframes otp-caret {
    50% {
      opacity: 0;
    }
  }
`;

export interface OtpCodeInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onComplete?: () => void;
  disabled?: boolean;
  /** The last code was refused: the boxes are marked and described by the message beside them. */
  invalid?: boolean;
  describedBy?: string;
  ref?: Ref<HTMLInputElement>;
}

export default function OtpCodeInput({
  id,
  value,
  onChange,
  onComplete,
  disabled,
  invalid = false,
  describedBy,
  ref,
}: OtpCodeInputProps) {
  return (
    <OTPInput
      ref={ref}
      id={id}
      maxLength={OTP_LENGTH}
      value={value}
      onChange={(next) => onChange(sanitizeOtpInput(next))}
      onComplete={onComplete}
      pattern={REGEXP_ONLY_DIGITS_AND_CHARS}
      pasteTransformer={sanitizeOtpInput}
      inputMode="text"
      autoComplete="one-time-code"
      autoFocus
      disabled={disabled}
      aria-label="One-time code"
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      render={({ slots }) => (
        <Slots>
          {slots.map((slot, index) => (
            <Slot key={index} $active={slot.isActive} $invalid={invalid}>
              {slot.char ?? (slot.hasFakeCaret ? <Caret /> : null)}
            </Slot>
          ))}
        </Slots>
      )}
    />
  );
}
