import type { Member } from '@erp/contracts';
import { Badge } from '@erp/ui';

export function MemberStatusBadge({ status }: { status: Member['status'] }) {
  return status === 'active' ? (
    <Badge variant="success">Active</Badge>
  ) : (
    <Badge variant="secondary">Inactive</Badge>
  );
}
