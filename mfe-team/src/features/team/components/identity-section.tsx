import { isValidPhone, PHONE_INPUT_MAX, typedMobile } from '@erp/contracts';
import { Field, Input, Textarea, theme } from '@erp/ui';
import { FormSection } from '@erp/ui/remote';
import { useState } from 'react';
import styled from 'styled-components';
import { sanitizeName, type MemberFormValues } from '../hooks/member-form-values';

const PhoneRow = styled.div`
  display: flex;
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
  & > input { border-radius: 0 ${theme.radius.md} ${theme.radius.md} 0; }
`;

export interface IdentitySectionProps {
  values: MemberFormValues;
  readOnly: boolean;
  onChange: (patch: Partial<MemberFormValues>) => void;
}

export function IdentitySection({ values, readOnly, onChange }: IdentitySectionProps) {
  // A number that is not a mobile is shown as invalid once the field is left, never changed to fit.
  const [phoneLeft, setPhoneLeft] = useState(false);
  const phoneInvalid = !readOnly && phoneLeft && values.phoneNumber !== '' && !isValidPhone(values.phoneNumber);
  return (
    <FormSection title="Identity" description="Who this member is and how to reach them" grid>
      <Field label="Full Name" htmlFor="member-name" required={!readOnly}>
        <Input
          id="member-name"
          value={values.name}
          onChange={(e) => onChange({ name: sanitizeName(e.target.value) })}
          placeholder="e.g. Rahul Sharma"
          autoComplete="off"
          maxLength={100}
          readOnly={readOnly}
        />
      </Field>
      <Field label="Email" htmlFor="member-email" required={!readOnly}>
        <Input
          id="member-email"
          type="email"
          value={values.email}
          onChange={(e) => onChange({ email: e.target.value })}
          placeholder="name@company.com"
          autoComplete="off"
          maxLength={200}
          readOnly={readOnly}
        />
      </Field>
      <Field
        label="Phone Number"
        htmlFor="member-phone"
        required={!readOnly}
        hint={readOnly ? undefined : '10-digit mobile number used to sign in'}
        error={phoneInvalid ? 'Enter a valid 10-digit mobile number' : undefined}
      >
        <PhoneRow>
          <span aria-hidden="true">+91</span>
          <Input
            id="member-phone"
            type="tel"
            inputMode="tel"
            value={values.phoneNumber}
            onChange={(e) => onChange({ phoneNumber: typedMobile(e.target.value) })}
            onBlur={() => setPhoneLeft(true)}
            maxLength={PHONE_INPUT_MAX}
            aria-invalid={phoneInvalid || undefined}
            placeholder="10-digit mobile number"
            readOnly={readOnly}
            aria-describedby="member-phone-msg"
          />
        </PhoneRow>
      </Field>
      <Field label="Notes" htmlFor="member-notes" className="span-2">
        <Textarea
          id="member-notes"
          value={values.notes}
          onChange={(e) => onChange({ notes: e.target.value })}
          placeholder={readOnly ? '' : 'Anything the team should know about this member'}
          maxLength={2000}
          readOnly={readOnly}
        />
      </Field>
    </FormSection>
  );
}
