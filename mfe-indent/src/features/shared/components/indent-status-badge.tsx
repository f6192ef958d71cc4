import type { IndentStatus } from '@erp/contracts';
import { Badge, Icon } from '@erp/ui';
import { indentStatusIcon, indentStatusLabel, indentStatusVariant } from '../hooks/indent-format';

/** SPEC §2 "Indent detail": the status badge with its icon (Draft, Compare Pending, Under Review, Approved). */
export function IndentStatusBadge({ status }: { status: IndentStatus }) {
  return (
    <Badge variant={indentStatusVariant(status)}>
      <Icon name={indentStatusIcon(status)} size={12} aria-hidden="true" />
      {indentStatusLabel(status)}
    </Badge>
  );
}
