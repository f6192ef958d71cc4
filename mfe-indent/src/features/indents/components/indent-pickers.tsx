import { Select } from '@erp/ui';
import type { FieldControlProps } from '@erp/ui/remote-form';
import { useBoqOptions } from '../api/get-boq-options';
import { useProjectOptions } from '../api/get-project-options';
import { boqLabel, projectLabel } from '../../shared/hooks/indent-format';
import type { IndentBoqValue, IndentProjectValue } from '../hooks/indent-form-values';

type ControlProps = Omit<FieldControlProps, 'value' | 'onChange'>;

export interface ProjectSelectProps extends ControlProps {
  value: IndentProjectValue | null;
  onChange: (project: IndentProjectValue | null) => void;
}

/** The member's projects (limit 100, as the spec's pickers ask), "code — name"; the one chosen stays listed. */
export function ProjectSelect({ value, onChange, ...props }: ProjectSelectProps) {
  const options = useProjectOptions();
  const projects = options.data ?? [];
  const listed = !value || projects.some((p) => p._id === value._id);
  return (
    <Select
      {...props}
      value={value?._id ?? ''}
      onChange={(e) => {
        const id = e.target.value;
        onChange(id ? (projects.find((p) => p._id === id) ?? (value?._id === id ? value : null)) : null);
      }}
    >
      <option value="">
        {options.isPending
          ? 'Loading projects...'
          : options.isError
            ? 'Could not load projects'
            : 'Select a project'}
      </option>
      {!listed && value && <option value={value._id}>{projectLabel(value)}</option>}
      {projects.map((p) => (
        <option key={p._id} value={p._id}>
          {projectLabel(p)}
        </option>
      ))}
    </Select>
  );
}

export interface BoqSelectProps extends ControlProps {
  projectId: string | null;
  value: IndentBoqValue | null;
  onChange: (boq: IndentBoqValue | null) => void;
}

/** The project's confirmed BOQs; disabled until a project is chosen (SPEC §5). */
export function BoqSelect({ projectId, value, onChange, disabled, ...props }: BoqSelectProps) {
  const options = useBoqOptions(projectId);
  const boqs = options.data ?? [];
  const listed = !value || boqs.some((b) => b._id === value._id);
  const placeholder = !projectId
    ? 'Select a project first'
    : options.isPending
      ? 'Loading BOQs...'
      : options.isError
        ? 'Could not load BOQs'
        : boqs.length === 0
          ? 'No confirmed BOQ for this project'
          : 'Select a BOQ';
  return (
    <Select
      {...props}
      disabled={disabled || !projectId}
      value={value?._id ?? ''}
      onChange={(e) => {
        const id = e.target.value;
        onChange(id ? (boqs.find((b) => b._id === id) ?? (value?._id === id ? value : null)) : null);
      }}
    >
      <option value="">{placeholder}</option>
      {!listed && value && <option value={value._id}>{boqLabel(value)}</option>}
      {boqs.map((b) => (
        <option key={b._id} value={b._id}>
          {boqLabel(b)}
        </option>
      ))}
    </Select>
  );
}
