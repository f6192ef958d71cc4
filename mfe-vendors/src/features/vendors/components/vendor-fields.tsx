import { PHONE_INPUT_MAX } from '@erp/contracts';
import { VENDOR_STATUSES } from '../hooks/vendor-statuses';
import { Field, Input, Select, Textarea } from '@erp/ui';
import { FormSection } from '@erp/ui/remote';
import { sanitize, type VendorField, type VendorFormValues } from '../hooks/vendor-form-values';
import { VENDOR_STATUS_LABEL } from './vendor-status-badge';

export interface VendorFieldsProps {
  values: VendorFormValues;
  onChange: (patch: Partial<VendorFormValues>) => void;
  /** The message next to the field it is about. */
  errors: Partial<Record<VendorField, string>>;
  disabled?: boolean;
  /** Status is set on the detail screen; a new vendor starts active. */
  withStatus?: boolean;
}

/** The vendor's fields, cleaned while typing (SPEC §5): shared by create and the detail screen's edit mode. */
export function VendorFields({ values, onChange, errors, disabled, withStatus }: VendorFieldsProps) {
  const text = (field: VendorField, clean: (raw: string) => string = (raw) => raw) => ({
    id: `vendor-${field}`,
    value: values[field],
    onChange: (e: { target: { value: string } }) => onChange({ [field]: clean(e.target.value) }),
    disabled,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': `vendor-${field}-msg`,
  });
  return (
    <>
      <FormSection title="Vendor Details" description="Who the vendor is and how to reach them" grid>
        <Field label="Vendor Name" htmlFor="vendor-name" required error={errors.name}>
          <Input {...text('name', sanitize.businessName)} placeholder="e.g. Shree Ganesh Traders" autoComplete="off" maxLength={120} />
        </Field>
        <Field label="Contact Person" htmlFor="vendor-contactPerson" required error={errors.contactPerson}>
          <Input {...text('contactPerson', sanitize.personName)} placeholder="e.g. Ramesh Patil" autoComplete="off" maxLength={120} />
        </Field>
        <Field label="Phone Number" htmlFor="vendor-phoneNumber" required error={errors.phoneNumber}>
          <Input {...text('phoneNumber', sanitize.phone)} type="tel" inputMode="tel" placeholder="10-digit mobile number" maxLength={PHONE_INPUT_MAX} />
        </Field>
        <Field label="Alternate Phone" htmlFor="vendor-altPhoneNumber" error={errors.altPhoneNumber} hint="Optional: a mobile, or a landline with its STD code">
          <Input {...text('altPhoneNumber', sanitize.altPhone)} type="tel" inputMode="tel" placeholder="e.g. 020-2567 8901" maxLength={PHONE_INPUT_MAX} />
        </Field>
        <Field label="Email" htmlFor="vendor-email" required error={errors.email}>
          <Input {...text('email')} type="email" placeholder="sales@vendor.com" autoComplete="off" maxLength={200} />
        </Field>
        <Field label="Alternate Email" htmlFor="vendor-altEmail" error={errors.altEmail}>
          <Input {...text('altEmail')} type="email" placeholder="Optional" autoComplete="off" maxLength={200} />
        </Field>
        <Field label="Address" htmlFor="vendor-address" required error={errors.address} className="span-2">
          <Textarea {...text('address')} placeholder="Shop, street, city, PIN" maxLength={500} rows={2} />
        </Field>
      </FormSection>
      <FormSection title="Business Terms" description="Tax registration and how long the vendor gives you to pay" grid>
        <Field label="GSTIN" htmlFor="vendor-gstin" error={errors.gstin} hint="Optional, 15 characters">
          <Input {...text('gstin', sanitize.gstin)} placeholder="27AAPFU0939F1ZV" autoComplete="off" />
        </Field>
        <Field label="Payment Terms (days)" htmlFor="vendor-paymentTerms" required error={errors.paymentTerms}>
          <Input {...text('paymentTerms', sanitize.digits)} inputMode="numeric" placeholder="e.g. 30" />
        </Field>
        {withStatus && (
          <Field label="Status" htmlFor="vendor-status">
            <Select
              id="vendor-status"
              value={values.status}
              onChange={(e) => onChange({ status: e.target.value as VendorFormValues['status'] })}
              disabled={disabled}
            >
              {VENDOR_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {VENDOR_STATUS_LABEL[s]}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <Field label="Notes" htmlFor="vendor-notes" className="span-2">
          <Textarea {...text('notes')} placeholder="Anything the purchasers should know about this vendor" maxLength={2000} />
        </Field>
      </FormSection>
    </>
  );
}
