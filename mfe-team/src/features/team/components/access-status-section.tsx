import { ROLES, type Member, type Role } from '@erp/contracts';
import { Field, Select } from '@erp/ui';
import { FormSection } from '@erp/ui/remote';
import type { MemberFormValues } from '../hooks/member-form-values';

export interface AccessStatusSectionProps {
  values: MemberFormValues;
  readOnly: boolean;
  onRoleChange: (role: Role) => void;
  onStatusChange: (status: Member['status']) => void;
}

export function AccessStatusSection({ values, readOnly, onRoleChange, onStatusChange }: AccessStatusSectionProps) {
  return (
    <FormSection title="Access & Status" description="The member's role and whether they can sign in" grid>
      <Field label="Role" htmlFor="member-role" required={!readOnly}>
        <Select id="member-role" value={values.role} onChange={(e) => onRoleChange(e.target.value as Role)} disabled={readOnly}>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Status" htmlFor="member-status" required={!readOnly}>
        <Select
          id="member-status"
          value={values.status}
          onChange={(e) => onStatusChange(e.target.value as Member['status'])}
          disabled={readOnly}
        >
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </Select>
      </Field>
    </FormSection>
  );
}
