import type { BoqStatus } from '@erp/contracts';
import { Badge } from '@erp/ui';
import { boqStatusLabel, boqStatusVariant } from '../hooks/boq-format';

/** SPEC §4: Draft, Confirmed (Superseded for a replaced revision); default style for confirmed. */
export function BoqStatusBadge({ status }: { status: BoqStatus }) {
  return <Badge variant={boqStatusVariant(status)}>{boqStatusLabel(status)}</Badge>;
}
