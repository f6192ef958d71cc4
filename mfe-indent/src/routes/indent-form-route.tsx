import { useParams } from '@erp/ui';
import { IndentFormPage } from '../features/indents/components/indent-form-page';

/** /indent/create and /indent/edit/{id}: the same form (SPEC §2 "Indent create", "Indent edit"). */
export default function IndentFormRoute() {
  const { id } = useParams();
  // A new key per indent: switching between them (or create → the saved draft's edit page) starts a fresh form.
  return <IndentFormPage key={id ?? 'new'} id={id ?? null} />;
}
