import { errorMessage } from '@erp/sdk';
import { Input, Spinner, theme, useDebouncedValue } from '@erp/ui';
import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import styled from 'styled-components';
import { useVendorSearch, type VendorOption } from '../api/search-vendors';

const Wrapper = styled.div`
  position: relative;
  min-width: 0;
`;

const List = styled.ul`
  position: absolute;
  z-index: ${theme.z.sticky};
  top: calc(100% + 0.25rem);
  left: 0;
  right: 0;
  max-height: 15rem;
  overflow-y: auto;
  margin: 0;
  padding: 0.25rem;
  list-style: none;
  background: ${theme.color.background};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  box-shadow: ${theme.shadow.md};
`;

const Option = styled.li`
  display: flex;
  justify-content: space-between;
  gap: 0.5rem;
  padding: 0.5rem 0.625rem;
  border-radius: ${theme.radius.sm};
  font-size: 0.875rem;
  cursor: pointer;
  &[aria-selected='true'] { background: ${theme.color.accent}; }
  &[aria-disabled='true'] { cursor: not-allowed; opacity: 0.55; }
  & > small { color: ${theme.color.mutedForeground}; white-space: nowrap; }
`;

const Note = styled.li`
  padding: 0.5rem 0.625rem;
  font-size: 0.8125rem;
  color: ${theme.color.mutedForeground};
`;

export interface VendorPickerProps {
  id: string;
  value: VendorOption | null;
  onChange: (vendor: VendorOption) => void;
  /** Vendors already on another row of this item: shown, but not selectable. */
  taken: ReadonlySet<string>;
  disabled?: boolean;
  /** The input, for the form to focus it (its first error). */
  ref?: Ref<HTMLInputElement>;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** A vendor combobox that searches the vendor master on the server as the user types. */
export function VendorPicker({ id, value, onChange, taken, disabled, ref, 'aria-invalid': invalid, 'aria-describedby': describedBy }: VendorPickerProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const keyword = useDebouncedValue(text);
  const search = useVendorSearch(keyword, open);
  const options = search.data ?? [];

  const pick = (vendor: VendorOption) => {
    if (taken.has(vendor._id)) return;
    onChange(vendor);
    setOpen(false);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, options.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const option = options[active];
      if (option) pick(option);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  return (
    <Wrapper>
      <Input
        id={id}
        ref={ref}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        autoComplete="off"
        placeholder={value ? value.name : 'Search vendors...'}
        value={open ? text : value ? value.name : ''}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        disabled={disabled}
      />
      {open && (
        <List id={listId} role="listbox" onMouseDown={(e) => e.preventDefault()}>
          {search.isPending ? (
            <Note>
              <Spinner size={12} /> Searching...
            </Note>
          ) : search.isError ? (
            <Note role="alert">Could not load vendors: {errorMessage(search.error)}</Note>
          ) : options.length === 0 ? (
            <Note>No active vendors match “{keyword}”</Note>
          ) : (
            options.map((vendor, i) => {
              const isTaken = taken.has(vendor._id) && vendor._id !== value?._id;
              return (
                <Option
                  key={vendor._id}
                  role="option"
                  aria-selected={i === active}
                  aria-disabled={isTaken}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => pick(vendor)}
                >
                  <span>{vendor.name}</span>
                  <small>{isTaken ? 'Added' : vendor.vendorId}</small>
                </Option>
              );
            })
          )}
        </List>
      )}
    </Wrapper>
  );
}
