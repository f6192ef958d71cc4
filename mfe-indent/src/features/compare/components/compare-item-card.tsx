import { INDENT_MESSAGES, INDENT_TEXT, type IndentLine } from '@erp/contracts';
import { Field, Icon, Textarea } from '@erp/ui';
import { memo, useCallback } from 'react';
import { meaningfulReason } from '../../shared/hooks/compare-logic';
import {
  optionOf,
  useChoice,
  useLinePricesChanged,
  type SelectionStore,
} from '../../shared/hooks/selection-store';
import {
  flag,
  ItemCard,
  ItemHead,
  LineError,
  NoVendorPrice,
  OptionList,
} from '../../shared/components/item-parts';

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
    <ItemCard
      as="section"
      aria-labelledby={`item-${line.itemId}`}
      data-item={line.itemId}
      data-changed={flag(pricesChanged)}
      data-attention={flag(missingVendor || missingReason)}
    >
      <ItemHead line={line} index={index} pricesChanged={pricesChanged} />
      {line.vendors.length === 0 ? (
        <NoVendorPrice itemId={line.itemId} />
      ) : (
        <OptionList
          line={line}
          selected={option ? option.vendorId : null}
          onSelect={onSelect}
          disabled={readOnly}
        />
      )}
      {missingVendor && (
        <LineError role="alert">
          <Icon name="alert" size={14} />
          {INDENT_MESSAGES.selectVendor(line.itemName)}
        </LineError>
      )}
      {nonLowest && (
        <Field
          label="Reason for not selecting lowest price"
          htmlFor={reasonId}
          required
          error={missingReason ? INDENT_MESSAGES.reasonRequired(line.itemName) : undefined}
        >
          <Textarea
            id={reasonId}
            value={choice.reason}
            onChange={(e) => store.setReason(line.itemId, e.target.value)}
            maxLength={INDENT_TEXT.reason}
            rows={2}
            placeholder="Why this vendor: delivery time, quality, credit terms..."
            aria-invalid={missingReason || undefined}
            aria-describedby={`${reasonId}-msg`}
            readOnly={readOnly}
          />
        </Field>
      )}
    </ItemCard>
  );
});
