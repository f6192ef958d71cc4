import { can, type DashboardResponse } from '@erp/contracts';
import { errorMessage } from '@erp/sdk';
import { ErrorPanel, PageHeader, theme } from '@erp/ui';
import styled from 'styled-components';
import { useCurrentUser } from '../../../current-user';
import { dashboardCards, quickActions, visibleCards } from '../../../modules';
import { useDashboard } from '../api/get-dashboard';
import { QuickActionCard } from './quick-action-card';
import { StatCard } from './stat-card';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(10.5rem, 1fr));
  gap: 1rem;
`;

const Section = styled.section`
  margin-top: 2rem;
  & > h2 {
    font-size: 1.125rem;
    font-weight: 600;
    margin-bottom: 0.75rem;
  }
`;

const Actions = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
  gap: 0.75rem;
  ${theme.media.mobile} {
    grid-template-columns: 1fr;
  }
`;

/**
 * Dashboard (SPEC §2): the counts and quick actions the deployed modules declare (the spec's five
 * counts and four actions once every module is deployed), each card and action only for members who
 * can read what it counts or opens: an Accountant sees what is owed and the overbilling cases.
 */
export function DashboardPage() {
  const { data, isPending, isError, error, refetch, isRefetching } = useDashboard();
  const user = useCurrentUser();

  const cards = visibleCards(dashboardCards(), user);
  const actions = quickActions().filter(
    (action) => user !== null && can(user, action.module, action.sub, 'read'),
  );

  return (
    <>
      <PageHeader title="Dashboard" description="Overview of your procurement activity" />
      {isError ? (
        <ErrorPanel
          title="Could not load the dashboard"
          message={errorMessage(error)}
          onRetry={() => void refetch()}
          retryLabel={isRefetching ? 'Retrying…' : 'Retry'}
        />
      ) : (
        <Grid aria-busy={isPending}>
          {cards.map((card) => (
            <StatCard
              key={card.stat}
              label={card.label}
              icon={card.icon}
              format={card.format}
              value={data?.[card.stat as keyof Omit<DashboardResponse, 'unavailable'>]}
              unavailable={data?.unavailable?.includes(card.stat) ?? false}
              loading={isPending}
            />
          ))}
        </Grid>
      )}
      {actions.length > 0 && (
        <Section aria-labelledby="quick-actions">
          <h2 id="quick-actions">Quick Actions</h2>
          <Actions>
            {actions.map((action) => (
              <QuickActionCard key={action.to} label={action.label} to={action.to} icon={action.icon} />
            ))}
          </Actions>
        </Section>
      )}
    </>
  );
}
