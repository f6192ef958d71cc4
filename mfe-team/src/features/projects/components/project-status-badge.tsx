import { PROJECT_STATUS_LABELS, type ProjectStatus } from '@erp/contracts';
import { Badge, type BadgeVariant } from '@erp/ui';

const VARIANTS: Record<ProjectStatus, BadgeVariant> = {
  planning: 'outline',
  inProgress: 'success',
  onHold: 'secondary',
  completed: 'default',
};

/** SPEC §4: Planned, In Progress, On Hold, Completed. */
export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return <Badge variant={VARIANTS[status] ?? 'outline'}>{PROJECT_STATUS_LABELS[status] ?? status}</Badge>;
}
