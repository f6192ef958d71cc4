import { useParams } from '@erp/ui';
import { ProjectDetailPage } from '../features/projects/components/project-detail-page';

/** /team/project/{id} (SPEC §2 "Project detail"). */
export default function ProjectDetailRoute() {
  const { id = '' } = useParams();
  return <ProjectDetailPage key={id} id={id} />;
}
