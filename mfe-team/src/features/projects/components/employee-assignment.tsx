import type { ProjectEmployee } from '@erp/contracts';
import { Badge, Button, Icon, Label, theme, toast } from '@erp/ui';
import { FormSection, SearchPicker } from '@erp/ui/remote';
import { type FormKit } from '@erp/ui/remote-form';
import { useState } from 'react';
import styled from 'styled-components';
import { useEmployeeSearch, type EmployeeOption } from '../api/search-employees';
import type { ProjectFormValues } from '../hooks/project-form-values';
import { initials, PersonAvatar, PersonRow } from './team-avatars';

const PickRow = styled.div`
  display: flex;
  gap: 0.5rem;
  align-items: flex-end;
  margin-bottom: 1rem;
  & > div {
    flex: 1;
    display: grid;
    gap: 0.375rem;
  }
  ${theme.media.mobile} {
    flex-direction: column;
    align-items: stretch;
  }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.5rem;
`;

const Person = styled(PersonRow)`
  padding: 0.625rem 0.75rem;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
`;

const Note = styled.p`
  color: ${theme.color.mutedForeground};
  font-size: 0.875rem;
  margin: 0 0 0.75rem;
`;

export interface EmployeeAssignmentProps {
  kit: FormKit<ProjectFormValues>;
  /** Only Admins change who is on a project (decision 0015); others see the list. */
  canAssign: boolean;
}

/** The project form's Employee Assignment card (SPEC §2 "Project form"): pick an active Employee, Add, remove. */
export function EmployeeAssignment({ kit, canAssign }: EmployeeAssignmentProps) {
  const [picked, setPicked] = useState<EmployeeOption | null>(null);
  const employees = kit.values.employees;
  const editable = canAssign && !kit.readOnly;
  const assigned = new Set(employees.map((e) => e._id));
  const pickerId = kit.fieldId('employees');

  const add = () => {
    if (!picked) {
      toast({ title: 'Please select a team member', variant: 'destructive' });
      return;
    }
    if (!assigned.has(picked._id)) {
      const employee: ProjectEmployee = {
        _id: picked._id,
        name: picked.name,
        email: picked.email,
        status: picked.status,
      };
      kit.set('employees', [...employees, employee]);
    }
    toast({ title: 'Success', description: `${picked.name} assigned to project`, variant: 'success' });
    setPicked(null);
  };

  const remove = (id: string) =>
    kit.set(
      'employees',
      employees.filter((e) => e._id !== id),
    );

  return (
    <FormSection
      title="Employee Assignment"
      description="The Employees who work on this project and see it in their lists"
    >
      {editable ? (
        <PickRow>
          <div>
            <Label htmlFor={pickerId}>Team member</Label>
            <SearchPicker
              id={pickerId}
              value={picked}
              onChange={setPicked}
              useSearch={useEmployeeSearch}
              optionKey={(e) => e._id}
              valueLabel={(e) => e.name}
              describe={(e) => ({
                label: e.name,
                detail: assigned.has(e._id) ? 'Added' : e.email,
                disabled: assigned.has(e._id),
              })}
              placeholder="Search active employees..."
              noMatch={(keyword) =>
                keyword ? `No active employees match “${keyword}”` : 'No active employees'
              }
              errorTitle="Could not load employees"
              disabled={kit.saving}
            />
          </div>
          <Button variant="outline" onClick={add} disabled={kit.saving}>
            <Icon name="plus" />
            Add
          </Button>
        </PickRow>
      ) : (
        !kit.readOnly && <Note>Only Admins can change who is assigned to a project.</Note>
      )}
      {employees.length === 0 ? (
        <Note>No employees assigned yet.</Note>
      ) : (
        <List aria-label="Assigned employees">
          {employees.map((e) => (
            <Person key={e._id}>
              <PersonAvatar aria-hidden="true">{initials(e.name)}</PersonAvatar>
              <span className="who">
                <span>{e.name}</span>
                <small>{e.email}</small>
              </span>
              {e.status !== 'active' && <Badge variant="secondary">Inactive</Badge>}
              {editable && (
                <Button
                  variant="ghost"
                  size="icon"
                  onClick={() => remove(e._id)}
                  aria-label={`Remove ${e.name}`}
                  title="Remove"
                  disabled={kit.saving}
                >
                  <Icon name="x" />
                </Button>
              )}
            </Person>
          ))}
        </List>
      )}
    </FormSection>
  );
}
