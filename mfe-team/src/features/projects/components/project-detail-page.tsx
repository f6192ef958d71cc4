import { can, isAdmin } from '@erp/contracts';
import { Card, formatDateShort, Icon, LinkButton, PageHeader, theme } from '@erp/ui';
import { PageSkeleton, SectionCard, useCurrentUser } from '@erp/ui/remote';
import styled from 'styled-components';
import { ProjectBoqs } from '../../shared/components/project-boqs';
import { useProject } from '../api/get-project';
import { ProjectStatusBadge } from './project-status-badge';
import { backToProjects, ProjectLoadFailure } from './project-load-failure';
import { ProjectTeamCard } from './project-team-card';

const Facts = styled.div`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 1rem;
  margin-bottom: 1rem;
  ${theme.media.mobile} {
    grid-template-columns: 1fr;
  }
`;

const Fact = styled(Card)`
  padding: 1rem 1.25rem;
  display: grid;
  gap: 0.25rem;
  & > span:first-child {
    color: ${theme.color.mutedForeground};
    font-size: 0.8125rem;
    display: flex;
    align-items: center;
    gap: 0.375rem;
  }
  & > strong {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

const Cards = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  gap: 1rem;
  align-items: start;
  ${theme.media.mobile} {
    grid-template-columns: 1fr;
  }
`;

const Big = styled.p`
  font-size: 1.75rem;
  font-weight: 600;
  margin: 0;
`;

const dateOr = (value: string) => formatDateShort(value) || 'Not set';

/** /team/project/{id} (SPEC §2 "Project detail"): the project's dates, location, team and BoQs. */
export function ProjectDetailPage({ id }: { id: string }) {
  const user = useCurrentUser();
  const canEdit = can(user, 'team', 'addProject', 'write');
  // Who is on a project is the Admin's to set (decision 0015): the Admin gets the way to do it, others whom to ask.
  const canAssign = isAdmin(user);
  const project = useProject(id);

  if (project.isPending) return <PageSkeleton />;
  if (project.isError) {
    return (
      <ProjectLoadFailure title="Project" error={project.error} onRetry={() => void project.refetch()} />
    );
  }

  const p = project.data;
  return (
    <>
      <PageHeader
        title={p.name}
        description={p.projectCode}
        badge={<ProjectStatusBadge status={p.status} />}
        actions={
          <>
            {backToProjects}
            {canEdit && (
              <LinkButton to={`/team/project-edit?id=${encodeURIComponent(p._id)}`}>
                <Icon name="pencil" />
                Edit
              </LinkButton>
            )}
          </>
        }
      />
      <Facts>
        <Fact>
          <span>Start Date</span>
          <strong>{dateOr(p.startDate)}</strong>
        </Fact>
        <Fact>
          <span>Target Completion</span>
          <strong>{dateOr(p.targetCompletionDate)}</strong>
        </Fact>
        <Fact>
          <span>Location</span>
          <strong>{p.location || 'Not specified'}</strong>
        </Fact>
      </Facts>
      <Cards>
        <ProjectTeamCard project={p} canAssign={canAssign} />
        <SectionCard titleId="project-boqs" title="BoQs" description="Bills of quantities of this project">
          <Big>{p.boqCount}</Big>
          <ProjectBoqs projectId={p._id} projectName={p.name} />
        </SectionCard>
      </Cards>
    </>
  );
}
