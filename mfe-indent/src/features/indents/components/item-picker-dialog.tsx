import type { BoqItemBalance } from '@erp/contracts';
import { errorMessage } from '@erp/sdk';
import { Button, Dialog, DialogFooter, Icon, SearchInput, Spinner, theme, useDebouncedValue } from '@erp/ui';
import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { useItemSearch, type ItemOption } from '../api/search-items';
import { qtyWithUnit } from '../../shared/hooks/indent-format';

/** SPEC §2 "Indent create": the item master's empty and no-match messages, word for word. */
export const NO_ITEMS = 'No items available. Please contact the Purchaser to add items to the master.';
export const NO_MATCH =
  "No items found or all items already added. Can't find an item? Ask Purchaser to add it.";

/** Typing pauses this long before the item master is asked (the list kit's own wait is shorter; a dialog on a phone types slower). */
const SEARCH_DEBOUNCE_MS = 200;

const Body = styled.div`
  display: grid;
  gap: 0.75rem;
  min-width: 0;
`;

const Results = styled.div`
  max-height: min(50vh, 26rem);
  overflow-y: auto;
  margin: 0 -0.5rem;
  padding: 0 0.5rem;
  overscroll-behavior: contain;
`;

const Group = styled.section`
  & + & {
    margin-top: 0.75rem;
  }
  & > h3 {
    position: sticky;
    top: 0;
    z-index: 1;
    padding: 0.25rem 0;
    background: ${theme.color.background};
    font-size: 0.75rem;
    font-weight: 600;
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: ${theme.color.mutedForeground};
  }
  & > ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.25rem;
  }
`;

const Choice = styled.button`
  width: 100%;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  padding: 0.5rem 0.625rem;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  background: ${theme.color.background};
  color: inherit;
  font: inherit;
  font-size: 0.875rem;
  text-align: left;
  cursor: pointer;
  & > span {
    display: grid;
    gap: 0.125rem;
    min-width: 0;
  }
  & > span > strong {
    font-weight: 500;
    overflow-wrap: anywhere;
  }
  & > span > small {
    color: ${theme.color.mutedForeground};
    font-size: 0.8125rem;
  }
  & > em {
    flex-shrink: 0;
    display: inline-flex;
    align-items: center;
    gap: 0.25rem;
    font-style: normal;
    font-size: 0.8125rem;
    color: ${theme.color.mutedForeground};
  }
  &:hover:not(:disabled) {
    background: ${theme.color.accent};
  }
  &:focus-visible {
    outline: 2px solid ${theme.color.ring};
    outline-offset: 1px;
  }
  &:disabled {
    cursor: default;
    opacity: 0.6;
  }
`;

const Note = styled.p`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  padding: 1rem 0.25rem;
  color: ${theme.color.mutedForeground};
  font-size: 0.875rem;
`;

const Added = styled.span`
  margin-right: auto;
  align-self: center;
  font-size: 0.875rem;
  color: ${theme.color.mutedForeground};
`;

interface Entry {
  item: ItemOption;
  /** The BOQ's line of the item, for its balance. */
  boq?: BoqItemBalance;
}

export interface ItemPickerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'BOQ-0001' for the first group's heading. */
  boqNumber: string;
  /** The chosen BOQ's lines (listed first); undefined while they load. */
  boqLines: readonly BoqItemBalance[] | undefined;
  /** Items already on the indent: marked 'Added', not selectable. */
  added: ReadonlySet<string>;
  onAdd: (item: ItemOption) => void;
  /** How many were added since the dialog opened (its footer says so). */
  addedNow: number;
  /** The dialog has closed: where the focus goes (by default back to Add Item). */
  onCloseAutoFocus?: (event: Event) => void;
}

const matches = (name: string, keyword: string) => name.toLowerCase().includes(keyword.toLowerCase());

/**
 * 'Select Item from Master' (SPEC §2 "Indent create"): the chosen BOQ's lines first, each with its
 * balance, then the item master searched as the user types. An item already on the indent shows
 * 'Added'. The dialog stays open so several items are added in a row; Done closes it.
 */
export function ItemPickerDialog({
  open,
  onOpenChange,
  boqNumber,
  boqLines,
  added,
  onAdd,
  addedNow,
  onCloseAutoFocus,
}: ItemPickerDialogProps) {
  const [input, setInput] = useState('');
  const keyword = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const search = useItemSearch(keyword, open);

  const fromBoq: Entry[] = useMemo(
    () =>
      (boqLines ?? [])
        .filter((l) => matches(l.name, input.trim()))
        .map((l) => ({ item: { _id: l.itemId, name: l.name, unit: l.unit }, boq: l })),
    [boqLines, input],
  );
  const fromMaster: Entry[] = useMemo(() => {
    const onBoq = new Set((boqLines ?? []).map((l) => l.itemId));
    return (search.data ?? []).filter((item) => !onBoq.has(item._id)).map((item) => ({ item }));
  }, [search.data, boqLines]);

  const selectable = [...fromBoq, ...fromMaster].some((e) => !added.has(e.item._id));
  const loading = search.isPending || (boqLines === undefined && open);
  const masterEmpty =
    !search.isPending &&
    !search.isError &&
    keyword === '' &&
    (search.data ?? []).length === 0 &&
    (boqLines ?? []).length === 0;

  const entry = (e: Entry) => (
    <PickerEntry key={e.item._id} entry={e} isAdded={added.has(e.item._id)} onAdd={onAdd} />
  );

  const groups = (
    <>
      {fromBoq.length > 0 && (
        <Group aria-label={`Items of ${boqNumber}`}>
          <h3>From {boqNumber}</h3>
          <ul>{fromBoq.map(entry)}</ul>
        </Group>
      )}
      {fromMaster.length > 0 && (
        <Group aria-label="Item master">
          <h3>Item master</h3>
          <ul>{fromMaster.map(entry)}</ul>
        </Group>
      )}
    </>
  );

  let results;
  if (search.isError) results = <Note role="alert">Could not load items: {errorMessage(search.error)}</Note>;
  else if (masterEmpty) results = <Note role="status">{NO_ITEMS}</Note>;
  else if (loading && fromBoq.length === 0 && fromMaster.length === 0)
    results = (
      <Note role="status">
        <Spinner size={14} /> Loading items...
      </Note>
    );
  else if (!selectable && !search.isFetching)
    // Nothing left to pick: the items already added stay listed (marked), with the spec's words under them.
    results = (
      <>
        {groups}
        <Note role="status">{NO_MATCH}</Note>
      </>
    );
  else results = groups;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title="Select Item from Master"
      description="Items of the BOQ come first, with what is left of each."
    >
      <Body>
        <SearchInput
          value={input}
          onValueChange={setInput}
          placeholder="Search items..."
          aria-label="Search items"
          autoFocus
        />
        <Results aria-live="polite" aria-busy={search.isFetching}>
          {results}
        </Results>
        <DialogFooter>
          {addedNow > 0 && (
            <Added role="status">
              {addedNow} {addedNow === 1 ? 'item' : 'items'} added
            </Added>
          )}
          <Button onClick={() => onOpenChange(false)}>Done</Button>
        </DialogFooter>
      </Body>
    </Dialog>
  );
}

/**
 * One item to pick. Named by what it shows ("Add River sand Balance: 40 CBM", "River sand Balance:
 * 40 CBM Added"), not by a label of its own: voice control speaks the visible words (axe:
 * label-content-name-mismatch).
 */
function PickerEntry({
  entry: { item, boq },
  isAdded,
  onAdd,
}: {
  entry: Entry;
  isAdded: boolean;
  onAdd: (item: ItemOption) => void;
}) {
  return (
    <li>
      <Choice type="button" onClick={() => onAdd(item)} disabled={isAdded}>
        {!isAdded && <span className="sr-only">Add </span>}
        <span>
          <strong>{item.name}</strong>{' '}
          <small>
            {boq ? `Balance: ${qtyWithUnit(boq.balanceQuantity, boq.unit || item.unit)}` : item.unit}
          </small>
        </span>
        {isAdded ? (
          <em>
            <Icon name="check" size={14} />
            Added
          </em>
        ) : (
          <em>
            <Icon name="plus" size={14} />
          </em>
        )}
      </Choice>
    </li>
  );
}
