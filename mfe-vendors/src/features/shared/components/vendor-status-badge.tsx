import type { VendorStatus } from '@erp/contracts';
import { Badge } from '@erp/ui';

export const VENDOR_STATUS_LABEL: Record<VendorStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  blocked: 'Blocked',
};

export function VendorStatusBadge({ status }: { status: VendorStatus }) {
  const variant = status === 'active' ? 'success' : status === 'blocked' ? 'destructive' : 'secondary';
  return <Badge variant={variant}>{VENDOR_STATUS_LABEL[status]}</Badge>;
}
