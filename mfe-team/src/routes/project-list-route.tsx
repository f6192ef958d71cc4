import { ProjectListPage } from '../features/projects/components/project-list-page';

export default function ProjectListRoute() {
  return <ProjectListPage />;
}
