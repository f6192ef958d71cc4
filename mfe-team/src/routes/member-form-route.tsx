import { useSearchParams } from '@erp/ui';
import { MemberFormPage } from '../features/team/components/member-form-page';

/** /team/edit: no id = add; id = edit; id with mode=view = read only (SPEC §2 "Team"). */
export default function MemberFormRoute() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const mode = !id ? 'add' : params.get('mode') === 'view' ? 'view' : 'edit';
  // A new key per member and mode: switching between them starts from a fresh form.
  return <MemberFormPage key={`${mode}:${id ?? ''}`} id={id} mode={mode} />;
}
