import { INDENT_MESSAGES, type IndentLine } from '@erp/contracts';
import { Icon } from '@erp/ui';
import { memo, useCallback } from 'react';
import { meaningfulReason } from '../../shared/hooks/compare-logic';
import {
  optionOf,
  useChoice,
  useLinePricesChanged,
  type SelectionStore,
} from '../../shared/hooks/selection-store';
import { LineCard, LineError, LowestReasonField } from '../../shared/components/item-parts';

export interface CompareItemCardProps {
  line: IndentLine;
  index: number;
  store: SelectionStore;
  /** After a refused save: the line's problem is said on the card. */
  showErrors: boolean;
  readOnly: boolean;
}

/**
 * One item of the compare screen: its vendor options and, for a non-lowest vendor, the reason.
 * Re-renders only when its own line's choice changes.
 */
export const CompareItemCard = memo(function CompareItemCard({
  line,
  index,
  store,
  showErrors,
  readOnly,
}: CompareItemCardProps) {
  const choice = useChoice(store, line.itemId);
  const pricesChanged = useLinePricesChanged(store, line.itemId);
  const onSelect = useCallback(
    (vendorId: string) => store.select(line.itemId, vendorId),
    [store, line.itemId],
  );
  const option = optionOf(line, choice.vendorId);
  const nonLowest = option !== undefined && !option.isLowest;
  const reasonId = `reason-${line.itemId}`;
  const missingVendor = showErrors && line.vendors.length > 0 && !option;
  const missingReason = showErrors && nonLowest && !meaningfulReason(choice.reason);

  return (
    <LineCard
      line={line}
      index={index}
      pricesChanged={pricesChanged}
      attention={missingVendor || missingReason}
      selected={option ? option.vendorId : null}
      onSelect={onSelect}
      disabled={readOnly}
    >
      {missingVendor && (
        <LineError role="alert">
          <Icon name="alert" size={14} />
          {INDENT_MESSAGES.selectVendor(line.itemName)}
        </LineError>
      )}
      {nonLowest && (
        <LowestReasonField
          store={store}
          itemId={line.itemId}
          id={reasonId}
          reason={choice.reason}
          error={missingReason ? INDENT_MESSAGES.reasonRequired(line.itemName) : undefined}
          placeholder="Why this vendor: delivery time, quality, credit terms..."
          readOnly={readOnly}
        />
      )}
    </LineCard>
  );
});
