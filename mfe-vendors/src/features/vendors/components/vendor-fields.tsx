import { PHONE_INPUT_MAX } from '@erp/contracts';
import { VENDOR_STATUSES } from '../hooks/vendor-statuses';
import { Input, Select, Textarea } from '@erp/ui';
import { FormSection } from '@erp/ui/remote';
import { FormField, type FormFieldProps, type FormKit } from '@erp/ui/remote-form';
import { sanitize, type VendorFormValues } from '../hooks/vendor-form-values';
import { VENDOR_STATUS_LABEL } from '../../shared/components/vendor-status-badge';

export interface VendorFieldsProps {
  kit: FormKit<VendorFormValues>;
  /** Status is set on the detail screen; a new vendor starts active. */
  withStatus?: boolean;
}

/** The vendor's fields, cleaned while typing (SPEC §5): shared by create and the detail screen's edit mode. */
export function VendorFields({ kit, withStatus }: VendorFieldsProps) {
  type Props = FormFieldProps<VendorFormValues>;
  const field = (
    name: Props['name'],
    label: string,
    control: Props['control'],
    more: Partial<Props> = {},
  ) => <FormField kit={kit} name={name} label={label} control={control} {...more} />;
  const required = true;
  return (
    <>
      <FormSection title="Vendor Details" description="Who the vendor is and how to reach them" grid>
        {field(
          'name',
          'Vendor Name',
          <Input placeholder="e.g. Shree Ganesh Traders" autoComplete="off" maxLength={120} />,
          { required, clean: sanitize.businessName },
        )}
        {field(
          'contactPerson',
          'Contact Person',
          <Input placeholder="e.g. Ramesh Patil" autoComplete="off" maxLength={120} />,
          { required, clean: sanitize.personName },
        )}
        {field(
          'phoneNumber',
          'Phone Number',
          <Input
            type="tel"
            inputMode="tel"
            placeholder="10-digit mobile number"
            maxLength={PHONE_INPUT_MAX}
          />,
          { required, clean: sanitize.phone },
        )}
        {field(
          'altPhoneNumber',
          'Alternate Phone',
          <Input type="tel" inputMode="tel" placeholder="e.g. 020-2567 8901" maxLength={PHONE_INPUT_MAX} />,
          {
            hint: 'Optional: a mobile, or a landline with its STD code',
            clean: sanitize.altPhone,
          },
        )}
        {field(
          'email',
          'Email',
          <Input type="email" placeholder="sales@vendor.com" autoComplete="off" maxLength={200} />,
          { required },
        )}
        {field(
          'altEmail',
          'Alternate Email',
          <Input type="email" placeholder="Optional" autoComplete="off" maxLength={200} />,
        )}
        {field(
          'address',
          'Address',
          <Textarea placeholder="Shop, street, city, PIN" maxLength={500} rows={2} />,
          { required, className: 'span-2' },
        )}
      </FormSection>
      <FormSection
        title="Business Terms"
        description="Tax registration and how long the vendor gives you to pay"
        grid
      >
        {field('gstin', 'GSTIN', <Input placeholder="27AAPFU0939F1ZV" autoComplete="off" />, {
          hint: 'Optional, 15 characters',
          clean: sanitize.gstin,
        })}
        {field('paymentTerms', 'Payment Terms (days)', <Input inputMode="numeric" placeholder="e.g. 30" />, {
          required,
          clean: sanitize.digits,
        })}
        {withStatus &&
          field(
            'status',
            'Status',
            <Select>
              {VENDOR_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {VENDOR_STATUS_LABEL[s]}
                </option>
              ))}
            </Select>,
          )}
        {field(
          'notes',
          'Notes',
          <Textarea placeholder="Anything the purchasers should know about this vendor" maxLength={2000} />,
          { className: 'span-2' },
        )}
      </FormSection>
    </>
  );
}
