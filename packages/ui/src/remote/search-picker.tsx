/**
 * A combobox that searches on the server as the user types (ARCHITECTURE §8: pickers of items,
 * vendors and members over masters of 100,000 rows): the input keeps the focus, the matches show in a
 * Radix popover anchored to it (so a dialog, a table cell or a card never clips the list), arrow keys
 * move through them, Enter or a click picks one. The screen gives the search as a hook over the
 * debounced keyword (react-query in its api/ file) and says how an option reads.
 */
import { errorMessage } from '@erp/sdk';
import { Input, loadPopover, Popover, Spinner, theme, useDebouncedValue } from '@erp/ui';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import styled from 'styled-components';

const Option = styled.li`
  display: flex;
  justify-content: space-between;
  gap: 0.5rem;
  padding: 0.5rem 0.625rem;
  border-radius: ${theme.radius.sm};
  font-size: 0.875rem;
  cursor: pointer;
  &[aria-selected='true'] {
    background: ${theme.color.accent};
  }
  &[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.55;
  }
  & > small {
    color: ${theme.color.mutedForeground};
    white-space: nowrap;
  }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Note = styled.li`
  display: flex;
  align-items: center;
  gap: 0.375rem;
  padding: 0.5rem 0.625rem;
  font-size: 0.8125rem;
  color: ${theme.color.mutedForeground};
`;

/** What the picker needs of a search (react-query's useQuery result fits). */
export interface PickerSearch<T> {
  data?: T[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

export interface PickerOption {
  label: ReactNode;
  /** Right-aligned, muted: a code, a unit, or why it cannot be picked ("Added"). */
  detail?: ReactNode;
  /** Shown but not selectable (already on the form). */
  disabled?: boolean;
}

export interface SearchPickerProps<T> {
  id: string;
  value: T | null;
  onChange: (option: T) => void;
  /** The search for a keyword, while the list is open (`enabled`); called as a hook on every render. */
  useSearch: (keyword: string, enabled: boolean) => PickerSearch<T>;
  optionKey: (option: T) => string;
  /** The chosen option as the input shows it. */
  valueLabel: (option: T) => string;
  describe: (option: T) => PickerOption;
  placeholder: string;
  /** e.g. (keyword) => `No active vendors match “${keyword}”` */
  noMatch: (keyword: string) => string;
  /** e.g. 'Could not load vendors' */
  errorTitle: string;
  disabled?: boolean;
  /** The input, for a form to focus it (its first error). */
  ref?: Ref<HTMLInputElement>;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

const preload = () => void loadPopover().catch(() => undefined);

export function SearchPicker<T>({
  id,
  value,
  onChange,
  useSearch,
  optionKey,
  valueLabel,
  describe,
  placeholder,
  noMatch,
  errorTitle,
  disabled,
  ref,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
}: SearchPickerProps<T>) {
  const listId = useId();
  const anchorRef = useRef<HTMLInputElement | null>(null);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const keyword = useDebouncedValue(text);
  const search = useSearch(keyword, open);
  const options = search.data ?? [];
  const optionId = (i: number) => `${listId}-option-${i}`;

  const pick = (option: T) => {
    if (describe(option).disabled) return;
    onChange(option);
    setOpen(false);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, Math.max(options.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const option = options[active];
      if (option) pick(option);
    } else if (event.key === 'Escape' && open) {
      // Closing the list is all Escape does here: a dialog around the picker stays open.
      event.stopPropagation();
      setOpen(false);
    }
  };

  const setInput = (node: HTMLInputElement | null) => {
    anchorRef.current = node;
    if (typeof ref === 'function') ref(node);
    else if (ref) (ref as { current: HTMLInputElement | null }).current = node;
  };

  return (
    <>
      <Input
        id={id}
        ref={setInput}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        role="combobox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={open && options[active] ? optionId(active) : undefined}
        autoComplete="off"
        placeholder={value ? valueLabel(value) : placeholder}
        value={open ? text : value ? valueLabel(value) : ''}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onPointerEnter={preload}
        onFocus={() => {
          preload();
          setOpen(true);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        disabled={disabled}
      />
      <Popover open={open} onOpenChange={setOpen} anchorRef={anchorRef} combobox align="start">
        {/* A press inside the list must not blur the input (the list would close before the click). */}
        <List id={listId} role="listbox" onMouseDown={(e) => e.preventDefault()}>
          <PickerOptions
            search={search}
            keyword={keyword}
            active={active}
            optionId={optionId}
            describe={describe}
            optionKey={optionKey}
            noMatch={noMatch}
            errorTitle={errorTitle}
            onHover={setActive}
            onPick={pick}
          />
        </List>
      </Popover>
    </>
  );
}

/** The list's content: searching, the error, no match, or the options (the active one marked). */
function PickerOptions<T>({
  search,
  keyword,
  active,
  optionId,
  describe,
  optionKey,
  noMatch,
  errorTitle,
  onHover,
  onPick,
}: Pick<SearchPickerProps<T>, 'describe' | 'optionKey' | 'noMatch' | 'errorTitle'> & {
  search: PickerSearch<T>;
  keyword: string;
  active: number;
  optionId: (i: number) => string;
  onHover: (i: number) => void;
  onPick: (option: T) => void;
}) {
  if (search.isPending) {
    return (
      <Note>
        <Spinner size={12} /> Searching...
      </Note>
    );
  }
  if (search.isError) {
    return (
      <Note role="alert">
        {errorTitle}: {errorMessage(search.error)}
      </Note>
    );
  }
  const options = search.data ?? [];
  if (options.length === 0) return <Note>{noMatch(keyword)}</Note>;
  return options.map((option, i) => {
    const { label, detail, disabled: unavailable } = describe(option);
    return (
      <Option
        key={optionKey(option)}
        id={optionId(i)}
        role="option"
        aria-selected={i === active}
        aria-disabled={unavailable || undefined}
        onMouseEnter={() => onHover(i)}
        onClick={() => onPick(option)}
      >
        <span>{label}</span>
        {detail !== undefined && <small>{detail}</small>}
      </Option>
    );
  });
}
