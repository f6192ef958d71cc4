import { ROLES, type Role } from '@erp/contracts';
import { Select } from '@erp/ui';
import { FormSection } from '@erp/ui/remote';
import { FormField, type FieldControlProps, type FormKit } from '@erp/ui/remote-form';
import type { MemberFormValues } from '../hooks/member-form-values';

export interface AccessStatusSectionProps {
  kit: FormKit<MemberFormValues>;
  /** A change of role may ask first (the member's custom permissions would be reset). */
  onRoleChange: (role: Role) => void;
}

export function AccessStatusSection({ kit, onRoleChange }: AccessStatusSectionProps) {
  const roleSelect = (props: FieldControlProps) => (
    <Select
      {...props}
      value={kit.values.role}
      onChange={(e) => onRoleChange(e.target.value as Role)}
      disabled={props.disabled || kit.readOnly}
    >
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {role}
        </option>
      ))}
    </Select>
  );
  const statusSelect = (
    <Select disabled={kit.readOnly}>
      <option value="active">Active</option>
      <option value="inactive">Inactive</option>
    </Select>
  );
  return (
    <FormSection title="Access & Status" description="The member's role and whether they can sign in" grid>
      <FormField kit={kit} name="role" label="Role" required render={roleSelect} />
      <FormField kit={kit} name="status" label="Status" required control={statusSelect} />
    </FormSection>
  );
}
