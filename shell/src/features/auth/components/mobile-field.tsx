import { PHONE_INPUT_MAX } from '@erp/contracts';
import { Field, Input, PrefixedInput } from '@erp/ui';
import type { MobileEntry } from '../hooks/use-mobile-entry';

/**
 * The mobile number after '+91': typed on the first step (ten digits, what it still lacks said
 * under it, flagged once left invalid), read-only on the second. Both steps render the same
 * elements here, so the field stays in place (and keeps the focus) as the code entry opens.
 */
export function MobileField({ mobile, readOnly }: { mobile: MobileEntry; readOnly: boolean }) {
  return readOnly ? (
    <Field label="Mobile Number" htmlFor="phone">
      <PrefixedInput>
        <span aria-hidden="true">+91</span>
        <Input id="phone" name="phone" type="tel" value={mobile.phone} readOnly />
      </PrefixedInput>
    </Field>
  ) : (
    <Field
      label="Mobile Number"
      htmlFor="phone"
      error={mobile.invalid ? 'Enter a valid 10-digit mobile number' : undefined}
      hint={mobile.hint}
    >
      <PrefixedInput>
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
      </PrefixedInput>
    </Field>
  );
}
