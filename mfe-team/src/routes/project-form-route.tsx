import { useSearchParams } from '@erp/ui';
import { ProjectFormPage } from '../features/projects/components/project-form-page';

/** /team/project-edit: no id = add; id = edit; id with mode=view = read only (SPEC §2 "Projects"). */
export default function ProjectFormRoute() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const mode = !id ? 'add' : params.get('mode') === 'view' ? 'view' : 'edit';
  // A new key per project and mode: switching between them starts from a fresh form.
  return <ProjectFormPage key={`${mode}:${id ?? ''}`} id={id} mode={mode} />;
}
