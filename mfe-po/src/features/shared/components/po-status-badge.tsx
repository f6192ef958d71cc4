import type { PoStatus } from '@erp/contracts';
import { Badge, Icon } from '@erp/ui';
import { poStatusIcon, poStatusVariant } from '../hooks/po-format';

/** A PO's status (Open, Partial, Closed) as a badge with its icon. */
export function PoStatusBadge({ status }: { status: PoStatus }) {
  return (
    <Badge variant={poStatusVariant(status)}>
      <Icon name={poStatusIcon(status)} size={12} aria-hidden="true" />
      {status}
    </Badge>
  );
}
