import { TeamListPage } from '../features/team/components/team-list-page';

export default function TeamListRoute() {
  return <TeamListPage />;
}
