/**
 * A date field typed as dd-mm-yyyy whatever the browser's locale (decision 0038): a text input that
 * puts the dashes in as digits are typed, and a calendar button that opens the browser's own date
 * picker (a hidden native date input; its choice is shown as dd-mm-yyyy here). The value in and out
 * is what the forms and the API hold: an ISO date (yyyy-mm-dd), '' for none, or, while what is typed
 * is not a date yet, that text (so the form's check refuses it instead of it being dropped).
 */
import { Icon, Input, theme } from '@erp/ui';
import { useRef, useState, type KeyboardEvent, type Ref } from 'react';
import styled from 'styled-components';
import { isoToDateText, maskDateText, parseDateText } from '../date-text';

const Wrapper = styled.div`
  position: relative;
  width: 100%;
  min-width: 0;
  & > input[type='text'] {
    padding-right: 2.5rem;
    font-variant-numeric: tabular-nums;
  }
`;

const CalendarButton = styled.button`
  position: absolute;
  top: 50%;
  right: 0.25rem;
  transform: translateY(-50%);
  display: grid;
  place-items: center;
  width: 2rem;
  height: 2rem;
  border: none;
  border-radius: ${theme.radius.sm};
  background: transparent;
  color: ${theme.color.mutedForeground};
  cursor: pointer;
  &:hover {
    color: ${theme.color.foreground};
    background: ${theme.color.muted};
  }
  &:focus-visible {
    outline: 2px solid ${theme.color.ring};
    outline-offset: 1px;
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
`;

/** The browser's picker, anchored under the calendar button; never focused or read on its own. */
const NativePicker = styled.input`
  position: absolute;
  right: 0.25rem;
  bottom: 0;
  width: 2rem;
  height: 1px;
  padding: 0;
  border: 0;
  opacity: 0;
  pointer-events: none;
`;

export interface DateInputProps {
  id?: string;
  name?: string;
  /** yyyy-mm-dd, '' or the text typed while it is not a date. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** yyyy-mm-dd bounds of the calendar (the form's own check says why a typed date is refused). */
  min?: string;
  max?: string;
  disabled?: boolean;
  readOnly?: boolean;
  className?: string;
  ref?: Ref<HTMLInputElement>;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
  'aria-required'?: boolean | 'true' | 'false';
}

const shownText = (value: string) => isoToDateText(value) ?? value;

export function DateInput({
  id,
  name,
  value,
  onChange,
  onBlur,
  min,
  max,
  disabled,
  readOnly,
  className,
  ref,
  ...aria
}: DateInputProps) {
  // The text shown, and the value it stands for: a value from outside (a reset, a loaded record) replaces the text.
  const [shown, setShown] = useState(() => ({ value, text: shownText(value) }));
  const picker = useRef<HTMLInputElement>(null);
  let text = shown.text;
  if (value !== shown.value) {
    text = shownText(value);
    setShown({ value, text });
  }

  const commit = (nextText: string, nextValue: string) => {
    setShown({ value: nextValue, text: nextText });
    if (nextValue !== value) onChange(nextValue);
  };

  const type = (raw: string) => {
    const masked = maskDateText(raw);
    commit(masked, masked === '' ? '' : (parseDateText(masked) ?? masked));
  };

  const openPicker = () => {
    const el = picker.current;
    if (!el) return;
    try {
      el.showPicker();
    } catch {
      // No picker in this browser (or not now): the text field is the way in.
      document.getElementById(id ?? '')?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Alt+ArrowDown opens the calendar, as on a native date field.
    if (event.altKey && event.key === 'ArrowDown' && !readOnly && !disabled) {
      event.preventDefault();
      openPicker();
    }
  };

  const iso = parseDateText(text) ?? '';
  const editable = !readOnly;
  return (
    <Wrapper className={className}>
      <Input
        ref={ref}
        id={id}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="dd-mm-yyyy"
        value={text}
        onChange={(e) => type(e.target.value)}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
        disabled={disabled}
        readOnly={readOnly}
        {...aria}
      />
      {editable && (
        <>
          <CalendarButton
            type="button"
            onClick={openPicker}
            disabled={disabled}
            aria-label="Choose date from calendar"
            title="Choose date"
          >
            <Icon name="calendar" />
          </CalendarButton>
          <NativePicker
            ref={picker}
            type="date"
            tabIndex={-1}
            aria-hidden="true"
            value={iso}
            min={min}
            max={max}
            disabled={disabled}
            onChange={(e) => {
              const picked = e.target.value;
              commit(picked ? (isoToDateText(picked) ?? '') : '', picked);
            }}
          />
        </>
      )}
    </Wrapper>
  );
}
