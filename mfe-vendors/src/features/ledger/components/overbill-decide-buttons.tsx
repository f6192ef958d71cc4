import type { OverbillCase } from '@erp/contracts';
import { Button, Icon, theme } from '@erp/ui';
import styled from 'styled-components';

/** Approve above Reject on desktop, so the queue fits 1280 px beside the sidebar; side by side on a phone card. */
const Decide = styled.div`
  display: grid;
  gap: 0.375rem;
  ${theme.media.mobile} {
    display: flex;
    gap: 0.5rem;
  }
`;

/** An overbilling case being approved or rejected (its dialog is open). */
export type Deciding = { kind: 'approve' | 'reject'; overbill: OverbillCase } | null;

/** An open case's row actions for an Admin: Approve and Reject, each opening its dialog. */
export function OverbillDecideButtons({
  overbill: c,
  onDecide,
}: {
  overbill: OverbillCase;
  onDecide: (deciding: Deciding) => void;
}) {
  return (
    <Decide>
      <Button
        size="sm"
        onClick={() => onDecide({ kind: 'approve', overbill: c })}
        aria-label={`Approve overbilling on ${c.invoiceNumber}`}
      >
        <Icon name="check" />
        Approve
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => onDecide({ kind: 'reject', overbill: c })}
        aria-label={`Reject overbilling on ${c.invoiceNumber}`}
      >
        <Icon name="x" />
        Reject
      </Button>
    </Decide>
  );
}
