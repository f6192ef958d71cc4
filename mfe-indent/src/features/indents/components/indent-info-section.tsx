import type { Indent } from '@erp/contracts';
import { Badge, Field, formatDate, Input, Textarea } from '@erp/ui';
import { DateInput, FieldGrid, FormSection } from '@erp/ui/remote';
import { FormField, useFieldValue, type FormKit } from '@erp/ui/remote-form';
import { memo } from 'react';
import styled from 'styled-components';
import { indentStatusLabel, projectLabel } from '../../shared/hooks/indent-format';
import type { IndentFormValues } from '../hooks/indent-form-values';
import { BoqSelect, ProjectSelect } from './indent-pickers';

const Badges = styled.ul`
  list-style: none;
  margin: 0 0 1rem;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  & span {
    white-space: normal;
  }
`;

export interface IndentInfoSectionProps {
  /** The form's kit as of the last save start or end (its form object is the same for the form's life). */
  kit: FormKit<IndentFormValues>;
  indent: Indent | null;
  requester: string;
}

/**
 * 'Indent Information' (SPEC §2 "Indent create"): Title, Project, BOQ, Site/Location, Needed By, Requester
 * (read-only), Notes, and on edit the read-only badges Status, BoQ number, Created By, Created On, Project.
 * Memoised: typing in a line of a long indent does not redraw these fields.
 */
export const IndentInfoSection = memo(function IndentInfoSection({
  kit,
  indent,
  requester,
}: IndentInfoSectionProps) {
  const project = useFieldValue(kit, 'project') as IndentFormValues['project'];
  return (
    <FormSection
      title="Indent Information"
      description="What is needed, for which project and BOQ, where and by when"
    >
      {indent && (
        <Badges aria-label="Indent facts">
          <li>
            <Badge variant="outline">Status: {indentStatusLabel(indent.status)}</Badge>
          </li>
          <li>
            <Badge variant="outline">BoQ #: {indent.indentId}</Badge>
          </li>
          <li>
            <Badge variant="outline">Created By: {indent.createdBy?.name || '—'}</Badge>
          </li>
          <li>
            <Badge variant="outline">Created On: {formatDate(indent.createdAt)}</Badge>
          </li>
          <li>
            <Badge variant="outline">Project: {projectLabel(indent.projectId)}</Badge>
          </li>
        </Badges>
      )}
      <FieldGrid>
        <FormField
          kit={kit}
          name="title"
          label="Title"
          required
          className="span-2"
          control={
            <Input placeholder="e.g. Cement and steel for slab 4" autoComplete="off" maxLength={200} />
          }
        />
        <FormField
          kit={kit}
          name="project"
          label="Project"
          required
          render={({ value, onChange, ...props }) => (
            <ProjectSelect
              {...props}
              value={(value || null) as IndentFormValues['project']}
              onChange={(next) => {
                const before = kit.form.getValues('project');
                onChange(next);
                // Another project's BOQ cannot stay: choose again.
                if (next?._id !== before?._id && kit.form.getValues('boq')) kit.set('boq', null);
              }}
            />
          )}
        />
        <FormField
          kit={kit}
          name="boq"
          label="BOQ"
          required
          hint={project ? 'Confirmed BOQs of the project' : 'Choose the project first'}
          render={({ value, onChange, ...props }) => (
            <BoqSelect
              {...props}
              projectId={project?._id ?? null}
              value={(value || null) as IndentFormValues['boq']}
              onChange={onChange}
            />
          )}
        />
        <FormField
          kit={kit}
          name="location"
          label="Site/Location"
          control={<Input placeholder="e.g. Tower A, level 4" autoComplete="off" maxLength={200} />}
        />
        <FormField
          kit={kit}
          name="neededBy"
          label="Needed By"
          render={(p) => <DateInput {...p} value={String(p.value)} />}
        />
        <Field label="Requester" htmlFor="indent-requester">
          <Input id="indent-requester" value={requester} readOnly aria-readonly="true" />
        </Field>
        <FormField
          kit={kit}
          name="notes"
          label="Notes"
          className="span-2"
          control={<Textarea placeholder="Anything the purchaser should know" maxLength={2000} rows={3} />}
        />
      </FieldGrid>
    </FormSection>
  );
});
