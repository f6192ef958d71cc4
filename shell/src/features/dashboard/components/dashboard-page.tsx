import { can, type ModuleKey } from '@erp/contracts';
import { errorMessage } from '@erp/sdk';
import { ErrorPanel, PageHeader, theme, type IconName } from '@erp/ui';
import styled from 'styled-components';
import { remoteForPath } from '../../../activity-functions';
import { useCurrentUser } from '../../../current-user';
import { isRemotePresent } from '../../../remotes';
import { UNRELEASED_PATHS } from '../../../nav-config';
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
  & > h2 { font-size: 1.125rem; font-weight: 600; margin-bottom: 0.75rem; }
`;

const Actions = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
  gap: 0.75rem;
  ${theme.media.mobile} { grid-template-columns: 1fr; }
`;

const STATS = [
  { key: 'activeBoq', label: 'Active BoQs', icon: 'file' },
  { key: 'activePo', label: 'Open POs', icon: 'cart' },
  { key: 'totalItems', label: 'Items', icon: 'package' },
  { key: 'totalVendor', label: 'Vendors', icon: 'truck' },
  { key: 'totalTeam', label: 'Team Members', icon: 'users' },
] as const satisfies readonly { key: string; label: string; icon: IconName }[];

const QUICK_ACTIONS: { label: string; to: string; icon: IconName; module: ModuleKey; sub: string }[] = [
  { label: 'Create New BoQ', to: '/boq/create', icon: 'plus', module: 'team', sub: 'addBoq' },
  { label: 'View Purchase Orders', to: '/po/list', icon: 'cart', module: 'po', sub: 'list' },
  { label: 'Manage Items', to: '/items/list', icon: 'package', module: 'items', sub: 'list' },
  { label: 'Vendor Management', to: '/vendors/list', icon: 'truck', module: 'vendors', sub: 'list' },
];

/** Dashboard (SPEC §2): five counts and the quick actions this member can actually open. */
export function DashboardPage() {
  const { data, isPending, isError, error, refetch, isRefetching } = useDashboard();
  const user = useCurrentUser();

  // The four quick actions of SPEC §2, less those this member may not use; a module that is not
  // deployed yet shows its action as unavailable rather than linking to a missing page.
  const actions = QUICK_ACTIONS.filter((action) => user !== null && can(user, action.module, action.sub, 'read')).map((action) => {
    const remote = remoteForPath(action.to);
    return { ...action, available: remote !== null && isRemotePresent(remote) && !UNRELEASED_PATHS.has(action.to) };
  });

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
          {STATS.map((stat) => (
            <StatCard key={stat.key} label={stat.label} icon={stat.icon} value={data?.[stat.key]} loading={isPending} />
          ))}
        </Grid>
      )}
      {actions.length > 0 && (
        <Section aria-labelledby="quick-actions">
          <h2 id="quick-actions">Quick Actions</h2>
          <Actions>
            {actions.map((action) => (
              <QuickActionCard key={action.to} label={action.label} to={action.to} icon={action.icon} available={action.available} />
            ))}
          </Actions>
        </Section>
      )}
    </>
  );
}
