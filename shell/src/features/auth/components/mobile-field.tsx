import { PHONE_INPUT_MAX } from '@erp/contracts';
import { Field, Input, theme } from '@erp/ui';
import styled from 'styled-components';
import type { MobileEntry } from '../hooks/use-mobile-entry';

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

/**
 * The mobile number after '+91': typed on the first step (ten digits, what it still lacks said
 * under it, flagged once left invalid), read-only on the second. Both steps render the same
 * elements here, so the field stays in place (and keeps the focus) as the code entry opens.
 */
export function MobileField({ mobile, readOnly }: { mobile: MobileEntry; readOnly: boolean }) {
  return readOnly ? (
    <Field label="Mobile Number" htmlFor="phone">
      <PhoneRow>
        <span aria-hidden="true">+91</span>
        <Input id="phone" name="phone" type="tel" value={mobile.phone} readOnly />
      </PhoneRow>
    </Field>
  ) : (
    <Field
      label="Mobile Number"
      htmlFor="phone"
      error={mobile.invalid ? 'Enter a valid 10-digit mobile number' : undefined}
      hint={mobile.hint}
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
          value={mobile.phone}
          onChange={(e) => mobile.type(e.target.value)}
          onBlur={mobile.leave}
          maxLength={PHONE_INPUT_MAX}
          aria-invalid={mobile.invalid || undefined}
          aria-describedby="phone-msg"
          autoFocus
        />
      </PhoneRow>
    </Field>
  );
}
