import { mobileHint, PHONE_INPUT_MAX, typedMobile } from '@erp/contracts';
import { Input, PrefixedInput, Textarea } from '@erp/ui';
import { FormSection } from '@erp/ui/remote';
import { FormField, type FormKit } from '@erp/ui/remote-form';
import { sanitizeName, type MemberFormValues } from '../hooks/member-form-values';

export interface IdentitySectionProps {
  kit: FormKit<MemberFormValues>;
}

export function IdentitySection({ kit }: IdentitySectionProps) {
  const readOnly = kit.readOnly;
  return (
    <FormSection title="Identity" description="Who this member is and how to reach them" grid>
      <FormField
        kit={kit}
        name="name"
        label="Full Name"
        required
        clean={sanitizeName}
        control={<Input placeholder="e.g. Rahul Sharma" autoComplete="off" maxLength={100} />}
      />
      <FormField
        kit={kit}
        name="email"
        label="Email"
        required
        control={<Input type="email" placeholder="name@company.com" autoComplete="off" maxLength={200} />}
      />
      {/* A number that is not a mobile is shown as invalid once the field is left, never changed to fit (decision 0010). */}
      <FormField
        kit={kit}
        name="phoneNumber"
        label="Phone Number"
        required
        hint={
          (kit.values.phoneNumber !== '' && mobileHint(kit.values.phoneNumber)) ||
          '10-digit mobile number used to sign in'
        }
        clean={typedMobile}
        checkOnBlur
        wrap={(input) => (
          <PrefixedInput>
            <span aria-hidden="true">+91</span>
            {input}
          </PrefixedInput>
        )}
        control={
          <Input
            type="tel"
            inputMode="tel"
            maxLength={PHONE_INPUT_MAX}
            placeholder="10-digit mobile number"
          />
        }
      />
      <FormField
        kit={kit}
        name="notes"
        label="Notes"
        className="span-2"
        control={
          <Textarea
            placeholder={readOnly ? '' : 'Anything the team should know about this member'}
            maxLength={2000}
          />
        }
      />
    </FormSection>
  );
}
