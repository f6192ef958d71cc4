import { useParams, useSearchParams } from '@erp/ui';
import { BoqFormPage } from '../features/boq-form/components/boq-form-page';

/** /boq/create (optionally ?project={id}) and /boq/edit/{boqId}: the same form (SPEC §2 "BOQ create/edit"). */
export default function BoqFormRoute() {
  const { boqId } = useParams();
  const [params] = useSearchParams();
  const projectId = boqId ? null : params.get('project');
  // A new key per BOQ (or project asked for): switching between them starts from a fresh form.
  return <BoqFormPage key={boqId ?? `new:${projectId ?? ''}`} boqId={boqId ?? null} projectId={projectId} />;
}
