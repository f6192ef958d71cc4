/**
 * The pieces of an item card that the compare screen and the approval review share: the card, its
 * heading (name, quantity, unit, flags), the vendor options as a radio list with their figures, and
 * what a line without vendor prices shows.
 */
import { INDENT_TEXT, type IndentLine, type VendorOption } from '@erp/contracts';
import { Badge, badgeShape, Card, Field, Icon, LinkButton, Textarea, theme } from '@erp/ui';
import { Banner as KitBanner } from '@erp/ui/remote';
import { memo, useMemo, type ReactNode } from 'react';
import styled from 'styled-components';
import { optionFigures, rupees } from '../po-preview/preview-input';
import { OverBoqFlag } from './over-boq';
import { qtyWithUnit } from '../hooks/indent-format';
import type { SelectionStore } from '../hooks/selection-store';

/**
 * An item's card. A 300-line indent draws some 13,000 elements, so the repeated parts inside a card
 * are plain elements styled from here (one class for all of them, states as data attributes) rather
 * than a styled component each; `content-visibility: auto` lets the browser skip the layout and
 * paint of cards far off screen, keeping their place with an estimated height.
 */
export const ItemCard = styled(Card)`
  padding: 1rem 1.25rem;
  display: grid;
  gap: 0.75rem;
  content-visibility: auto;
  contain-intrinsic-size: auto 15rem;
  scroll-margin-top: calc(${theme.layout.header} + 0.75rem);
  &[data-changed] {
    border-color: #f59e0b;
    box-shadow: 0 0 0 1px #f59e0b;
  }
  &[data-attention] {
    border-color: ${theme.color.destructive};
  }
  ${theme.media.mobile} {
    padding: 0.875rem 1rem;
  }

  .head {
    display: flex;
    justify-content: space-between;
    align-items: flex-start;
    gap: 0.5rem 1rem;
    flex-wrap: wrap;
  }
  .title {
    font-size: 1rem;
    font-weight: 600;
    line-height: 1.3;
    overflow-wrap: anywhere;
  }
  .title > small {
    display: block;
    margin-top: 0.125rem;
    font-size: 0.8125rem;
    font-weight: 400;
    color: ${theme.color.mutedForeground};
  }
  .title > [role='note'] {
    display: flex;
    margin-top: 0.25rem;
  }
  .flags {
    display: flex;
    gap: 0.375rem;
    flex-wrap: wrap;
    align-items: center;
  }

  .tag {
    ${badgeShape}
  }
  .tag.lowest {
    background: ${theme.color.success};
    color: ${theme.color.successForeground};
  }
  .tag.secondary {
    background: ${theme.color.secondary};
    color: ${theme.color.secondaryForeground};
    border-color: ${theme.color.border};
  }
  .tag.outline {
    color: ${theme.color.foreground};
    border-color: ${theme.color.input};
  }
  .tag.warning {
    border-color: #f59e0b;
    background: #fffbeb;
    color: #92400e;
  }

  .options {
    display: grid;
    gap: 0.5rem;
  }
  .option {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr);
    gap: 0.25rem 0.75rem;
    align-items: start;
    padding: 0.625rem 0.75rem;
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.radius.md};
    background: ${theme.color.background};
    cursor: pointer;
  }
  .option:hover {
    border-color: ${theme.color.primary};
  }
  .option:focus-within {
    outline: 2px solid ${theme.color.ring};
    outline-offset: 1px;
  }
  .option[data-checked] {
    border-color: ${theme.color.primary};
    background: ${theme.color.accent};
  }
  .option > input {
    width: 1rem;
    height: 1rem;
    margin: 0.125rem 0 0;
    accent-color: ${theme.color.primary};
    cursor: pointer;
  }
  .option > input:focus-visible {
    outline: none;
  }
  .option > input:disabled {
    cursor: default;
  }
  .option-body {
    display: grid;
    gap: 0.375rem;
    min-width: 0;
  }
  .vendor {
    display: flex;
    align-items: center;
    gap: 0.375rem;
    flex-wrap: wrap;
    font-weight: 500;
  }
  .vendor > span:first-child {
    overflow-wrap: anywhere;
  }
  .figures {
    /* Four across, each as wide as its amount; a crore-sized total wraps to the next row rather than spill. */
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 1.25rem;
    margin: 0;
    font-size: 0.8125rem;
    font-variant-numeric: tabular-nums;
  }
  .figures > div {
    flex: 1 0 auto;
    min-width: 5.5rem;
  }
  .figures dt {
    color: ${theme.color.mutedForeground};
  }
  .figures dd {
    margin: 0;
    font-weight: 500;
    white-space: nowrap;
  }
  .figures > div:last-child dd {
    font-weight: 600;
  }
  ${theme.media.mobile} {
    .figures {
      display: grid;
      grid-template-columns: repeat(2, minmax(0, 1fr));
    }
  }

  .missing {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 0.75rem;
    flex-wrap: wrap;
    padding: 0.75rem 1rem;
    border: 1px dashed ${theme.color.border};
    border-radius: ${theme.radius.md};
    background: ${theme.color.muted};
    font-size: 0.875rem;
  }
  .missing > span {
    display: inline-flex;
    align-items: center;
    gap: 0.5rem;
    color: ${theme.color.mutedForeground};
  }
`;

/** A small badge inside an item card (plain element: the card styles it). */
export function Tag({
  tone,
  children,
  title,
}: {
  tone: 'lowest' | 'secondary' | 'outline' | 'warning';
  children: ReactNode;
  title?: string;
}) {
  return (
    <span className={`tag ${tone}`} title={title}>
      {children}
    </span>
  );
}

/** The amber badge outside a card (the queue's exceptions). */
export const WarningBadge = styled(Badge).attrs({ variant: 'outline' as const })`
  border-color: #f59e0b;
  background: #fffbeb;
  color: #92400e;
`;

/** The card's state as data attributes (present or absent). */
export const flag = (on: boolean): '' | undefined => (on ? '' : undefined);

export interface ItemHeadProps {
  line: IndentLine;
  index: number;
  /** Under the name, after the quantity (e.g. 'Purchaser Selected: …'). */
  detail?: ReactNode;
  /** More badges next to the 'Prices changed' flag. */
  flags?: ReactNode;
  pricesChanged?: boolean;
}

/** Name, quantity and unit, Over BOQ, the flags. The heading's id names the card and its radio group. */
export function ItemHead({ line, index, detail, flags, pricesChanged }: ItemHeadProps) {
  return (
    <div className="head">
      <h3 className="title" id={headingId(line.itemId)}>
        <span>
          {index + 1}. {line.itemName}
        </span>
        <small>
          Quantity: {qtyWithUnit(line.quantity, line.unit)}
          {detail}
        </small>
        {line.overBoq > 0 && <OverBoqFlag overBy={line.overBoq} unit={line.unit} />}
      </h3>
      {(pricesChanged || flags) && (
        <div className="flags">
          {pricesChanged && (
            <Tag tone="warning">
              <Icon name="refresh" size={12} />
              Prices changed
            </Tag>
          )}
          {flags}
        </div>
      )}
    </div>
  );
}

export const headingId = (itemId: string) => `item-${itemId}`;

/** A line whose item has no active vendor price: say so and open the item master. */
export function NoVendorPrice({ itemId }: { itemId: string }) {
  return (
    <div className="missing">
      <span>
        <Icon name="alert" size={16} />
        No vendor price configured
      </span>
      <LinkButton to={`/items/edit?id=${encodeURIComponent(itemId)}`} variant="outline" size="sm">
        <Icon name="pencil" />
        Edit Item Master
      </LinkButton>
    </div>
  );
}

export interface OptionListProps {
  line: IndentLine;
  selected: string | null;
  onSelect: (vendorId: string) => void;
  /** Badges of an option beyond 'Lowest' (e.g. 'Purchaser Selected'). */
  badges?: (option: VendorOption) => ReactNode;
  disabled?: boolean;
}

/** The vendor options of a line as radio buttons: vendor, 'Lowest', rate, GST, total per unit, extended total. */
export const OptionList = memo(function OptionList({
  line,
  selected,
  onSelect,
  badges,
  disabled,
}: OptionListProps) {
  const options = useMemo(
    () => line.vendors.map((option) => ({ option, figures: optionFigures(line, option) })),
    [line],
  );
  const name = `vendor-${line.itemId}`;
  const unit = line.unit || 'unit';
  return (
    <div className="options" role="radiogroup" aria-labelledby={headingId(line.itemId)}>
      {options.map(({ option, figures }) => {
        const checked = option.vendorId === selected;
        return (
          <label key={option.vendorId} className="option" data-checked={flag(checked)}>
            <input
              type="radio"
              name={name}
              value={option.vendorId}
              checked={checked}
              disabled={disabled}
              onChange={() => onSelect(option.vendorId)}
            />
            <span className="option-body">
              <span className="vendor">
                <span>{option.vendorName}</span>
                {option.isLowest && <Tag tone="lowest">Lowest</Tag>}
                {badges?.(option)}
              </span>
              <dl className="figures">
                <div>
                  <dt>Rate</dt>
                  <dd>{rupees(figures.pricePaise)}</dd>
                </div>
                <div>
                  <dt>GST</dt>
                  <dd>{rupees(figures.gstPaise)}</dd>
                </div>
                <div>
                  <dt>Total / {unit}</dt>
                  <dd>{rupees(figures.unitTotalPaise)}</dd>
                </div>
                <div>
                  <dt>Extended total</dt>
                  <dd>{rupees(figures.grandTotalPaise)}</dd>
                </div>
              </dl>
            </span>
          </label>
        );
      })}
    </div>
  );
});

export interface LineCardProps extends OptionListProps, Omit<ItemHeadProps, 'line'> {
  /** The line's problem is shown: the card's border says so. */
  attention: boolean;
  /** What the screen shows under the options (a reason, a message). */
  children?: ReactNode;
}

/** One line's card on the compare and approval screens: its head, its vendor options (or that it has none), then the screen's own parts. */
export function LineCard({
  line,
  index,
  detail,
  flags,
  pricesChanged,
  attention,
  children,
  ...options
}: LineCardProps) {
  return (
    <ItemCard
      as="section"
      aria-labelledby={headingId(line.itemId)}
      data-item={line.itemId}
      data-changed={flag(pricesChanged === true)}
      data-attention={flag(attention)}
    >
      <ItemHead line={line} index={index} pricesChanged={pricesChanged} detail={detail} flags={flags} />
      {line.vendors.length === 0 ? (
        <NoVendorPrice itemId={line.itemId} />
      ) : (
        <OptionList line={line} {...options} />
      )}
      {children}
    </ItemCard>
  );
}

export interface LowestReasonFieldProps {
  store: SelectionStore;
  itemId: string;
  /** The textarea's id (its message is `${id}-msg`). */
  id: string;
  reason: string;
  /** Shown when the reason is missing. */
  error: string | undefined;
  placeholder: string;
  readOnly: boolean;
}

/** The reason for choosing a vendor other than the lowest, kept in the selection store as it is typed. */
export function LowestReasonField({
  store,
  itemId,
  id,
  reason,
  error,
  placeholder,
  readOnly,
}: LowestReasonFieldProps) {
  return (
    <Field label="Reason for not selecting lowest price" htmlFor={id} required error={error}>
      <Textarea
        id={id}
        value={reason}
        onChange={(e) => store.setReason(itemId, e.target.value)}
        maxLength={INDENT_TEXT.reason}
        rows={2}
        placeholder={placeholder}
        aria-invalid={error !== undefined || undefined}
        aria-describedby={`${id}-msg`}
        readOnly={readOnly}
      />
    </Field>
  );
}

/** A line's inline message (a missing vendor or reason, after a failed save). */
export const LineError = styled.p`
  font-size: 0.8125rem;
  color: ${theme.color.destructive};
  display: flex;
  align-items: center;
  gap: 0.375rem;
`;

/** A note inside a card (the purchaser's reason). */
export const Note = styled.p`
  font-size: 0.875rem;
  padding: 0.5rem 0.75rem;
  border-left: 3px solid ${theme.color.border};
  background: ${theme.color.muted};
  border-radius: ${theme.radius.sm};
  overflow-wrap: anywhere;
  white-space: pre-wrap;
  & > strong {
    font-weight: 600;
  }
`;

/** A banner above the page's content (a conflict, a state that forbids changes). */
export const Banner = styled(KitBanner)`
  margin-bottom: 1rem;
`;
