import type { IndentLine, VendorOption } from '@erp/contracts';
import { memo, useCallback } from 'react';
import { LineCard, LowestReasonField, Note, Tag } from '../../shared/components/item-parts';
import { useChoice, useLinePricesChanged, type SelectionStore } from '../../shared/hooks/selection-store';
import { meaningfulReason } from '../../shared/hooks/compare-logic';
import { approvalLineState } from '../hooks/approval-logic';

export interface ApprovalItemCardProps {
  line: IndentLine;
  index: number;
  store: SelectionStore;
  readOnly: boolean;
}

/**
 * One item of the approval review: the purchaser's choice in the header, the options with 'Lowest'
 * and 'Purchaser Selected', the purchaser's reason while their choice is kept, and the approver's
 * own reason when they choose a non-lowest vendor without one. Re-renders only for its own line.
 */
export const ApprovalItemCard = memo(function ApprovalItemCard({
  line,
  index,
  store,
  readOnly,
}: ApprovalItemCardProps) {
  const choice = useChoice(store, line.itemId);
  const pricesChanged = useLinePricesChanged(store, line.itemId);
  // Choosing a different vendor clears the override reason (SPEC §5 "Approval").
  const onSelect = useCallback(
    (vendorId: string) => store.select(line.itemId, vendorId, { clearReason: true }),
    [store, line.itemId],
  );
  const state = approvalLineState(line, choice);
  const purchaser = state.purchaserOption;
  const reasonId = `approver-reason-${line.itemId}`;
  const missingReason = state.needsReason && !meaningfulReason(choice.reason);
  const badges = useCallback(
    (option: VendorOption) =>
      option.vendorId === purchaser?.vendorId ? <Tag tone="secondary">Purchaser Selected</Tag> : null,
    [purchaser?.vendorId],
  );

  return (
    <LineCard
      line={line}
      index={index}
      pricesChanged={pricesChanged}
      attention={state.blocker !== null && line.vendors.length > 0}
      detail={
        <>
          {' · '}
          Purchaser Selected:{' '}
          {purchaser
            ? purchaser.vendorName
            : line.vendorName
              ? `${line.vendorName} (no longer offered)`
              : 'none'}
        </>
      }
      flags={
        <>
          {purchaser && !purchaser.isLowest && <Tag tone="warning">Non-lowest</Tag>}
          {state.chosen && !state.keptPurchaser && purchaser && <Tag tone="outline">Changed by approver</Tag>}
        </>
      }
      selected={state.chosen ? state.chosen.vendorId : null}
      onSelect={onSelect}
      badges={badges}
      disabled={readOnly}
    >
      {state.keptPurchaser && state.shownPurchaserReason && (
        <Note>
          <strong>Purchaser's reason: </strong>
          {state.shownPurchaserReason}
        </Note>
      )}
      {state.needsReason && (
        <LowestReasonField
          store={store}
          itemId={line.itemId}
          id={reasonId}
          reason={choice.reason}
          error={missingReason ? 'Reason required for not selecting lowest price' : undefined}
          placeholder="Why this vendor rather than the lowest price"
          readOnly={readOnly}
        />
      )}
    </LineCard>
  );
});
