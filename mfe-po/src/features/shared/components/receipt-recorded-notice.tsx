/**
 * After a goods receipt the spec goes on to /po/list (SPEC §2 "Goods receipt"); the PO just received
 * stays one click away (decision 0037): the receipt screen passes it in the navigation's state and
 * the list says so at its top, with 'View PO'. Gone when dismissed, and on the next visit (no state).
 */
import { Button, Icon, LinkButton, theme, useLocation } from '@erp/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { poPath } from '../hooks/po-format';

export interface ReceiptRecordedState {
  receiptRecorded: { poId: string; poNumber: string };
}

/** The state the receipt screen navigates with. */
export const receiptRecordedState = (poId: string, poNumber: string): ReceiptRecordedState => ({
  receiptRecorded: { poId, poNumber },
});

/** The PO named by a navigation's state, if it is one the receipt screen wrote. */
export function recordedPo(state: unknown): ReceiptRecordedState['receiptRecorded'] | null {
  if (typeof state !== 'object' || state === null || !('receiptRecorded' in state)) return null;
  const value = (state as { receiptRecorded: unknown }).receiptRecorded;
  if (typeof value !== 'object' || value === null) return null;
  const { poId, poNumber } = value as Record<string, unknown>;
  return typeof poId === 'string' && poId !== '' && typeof poNumber === 'string' ? { poId, poNumber } : null;
}

const Notice = styled.div`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  flex-wrap: wrap;
  margin-bottom: 1rem;
  padding: 0.625rem 0.875rem;
  border: 1px solid ${theme.color.border};
  border-left: 4px solid ${theme.color.success};
  border-radius: ${theme.radius.md};
  background: ${theme.color.card};
  font-size: 0.875rem;
  & > p {
    flex: 1 1 14rem;
    margin: 0;
  }
`;

export function ReceiptRecordedNotice() {
  const po = recordedPo(useLocation().state);
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (!po || dismissed === po.poId) return null;
  return (
    <Notice role="status" aria-label="Receipt recorded">
      <p>
        Receipt recorded on <strong>{po.poNumber || 'the purchase order'}</strong>.
      </p>
      <LinkButton to={poPath(po.poId)} size="sm" aria-label={`View PO ${po.poNumber}`.trim()}>
        <Icon name="eye" />
        View PO
      </LinkButton>
      <Button variant="ghost" size="sm" aria-label="Dismiss" onClick={() => setDismissed(po.poId)}>
        <Icon name="x" />
      </Button>
    </Notice>
  );
}
