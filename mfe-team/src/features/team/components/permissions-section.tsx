import {
  accessSummary,
  clearAllModules,
  fullAccessModules,
  readOnlyModules,
  type ModulePermissions,
} from '@erp/contracts';
import { Badge, Button, Label, theme } from '@erp/ui';
import { FormSection } from '@erp/ui/remote';
import styled from 'styled-components';
import type { MemberFormValues } from '../hooks/member-form-values';
import { ModulePermissionsTable } from './module-permissions-table';
import { ProjectAccess } from './project-access';

const Block = styled.div`
  display: grid;
  gap: 0.75rem;
  & + & {
    margin-top: 1.5rem;
    padding-top: 1.5rem;
    border-top: 1px solid ${theme.color.border};
  }
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  flex-wrap: wrap;
`;

const Presets = styled.div`
  display: flex;
  gap: 0.5rem;
  flex-wrap: wrap;
`;

const Note = styled.p`
  font-size: 0.8125rem;
  color: ${theme.color.mutedForeground};
`;

export interface PermissionsSectionProps {
  values: MemberFormValues;
  disabled: boolean;
  onChange: (patch: Partial<MemberFormValues>) => void;
}

/** Access Control & Permissions (hidden in view mode): project scope and module read/write. */
export function PermissionsSection({ values, disabled, onChange }: PermissionsSectionProps) {
  const admin = values.role === 'Admin';
  const summary = accessSummary({
    role: values.role,
    permissions: { allProjects: values.allProjects, projects: values.projects, modules: values.modules },
  });
  const setModules = (modules: ModulePermissions) => onChange({ modules });

  return (
    <FormSection
      title="Access Control & Permissions"
      description="Which projects and modules this member can use"
    >
      <Block>
        <Row>
          <Label as="h3">Project Access</Label>
          <Badge variant="secondary" aria-live="polite">
            {summary}
          </Badge>
        </Row>
        <ProjectAccess
          employee={values.role === 'Employee'}
          allProjects={values.allProjects}
          projects={values.projects}
          disabled={disabled}
          onChange={(next) => onChange(next)}
        />
      </Block>
      <Block>
        <Row>
          <Label as="h3">Module Permissions</Label>
          <Presets>
            <Button
              variant="outline"
              size="sm"
              onClick={() => setModules(fullAccessModules())}
              disabled={disabled || admin}
            >
              Full Access
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={() => setModules(readOnlyModules())}
              disabled={disabled || admin}
            >
              Read Only
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={() => setModules(clearAllModules())}
              disabled={disabled || admin}
            >
              Clear All
            </Button>
          </Presets>
        </Row>
        {admin && <Note>Admins have full access to every module.</Note>}
        <ModulePermissionsTable
          modules={admin ? fullAccessModules() : values.modules}
          disabled={disabled || admin}
          onChange={setModules}
        />
      </Block>
    </FormSection>
  );
}
