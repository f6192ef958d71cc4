import { IndentListPage } from '../features/indents/components/indent-list-page';

/** /indent and /indent/list (SPEC §2 "Indent list"). */
export default function IndentListRoute() {
  return <IndentListPage />;
}
