import { Badge, Input, theme } from '@erp/ui';
import { Switch } from '@erp/ui/remote';
import styled from 'styled-components';
import { amountInput } from '../hooks/linked-item-draft';

export const Money = styled.span`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

export const Muted = styled.span`
  color: ${theme.color.mutedForeground};
  white-space: nowrap;
`;

export const ItemName = styled.span`
  display: inline-block;
  min-width: 9rem;
`;

const Small = styled(Input)`
  width: 5.5rem;
  max-width: 100%;
  height: 2rem;
  ${theme.media.mobile} {
    width: 9rem;
  }
`;

const NotesInput = styled(Input)`
  min-width: 8rem;
  height: 2rem;
`;

const SwitchLine = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.375rem;
  font-size: 0.8125rem;
`;

interface DraftCellProps<T> {
  label: string;
  value: T;
  onValue: (value: T) => void;
  disabled: boolean;
}

/** The price, GST or MOQ of the row being edited: digits with at most two decimals. */
export function AmountInput({ label, value, onValue, disabled }: DraftCellProps<string>) {
  return (
    <Small
      aria-label={label}
      inputMode="decimal"
      value={value}
      onChange={(e) => onValue(amountInput(e.target.value))}
      disabled={disabled}
    />
  );
}

/** The notes of the row being edited (1000 characters at most). */
export function NotesCellInput({ label, value, onValue, disabled }: DraftCellProps<string>) {
  return (
    <NotesInput
      aria-label={label}
      value={value}
      onChange={(e) => onValue(e.target.value)}
      maxLength={1000}
      disabled={disabled}
    />
  );
}

/** Whether the price of the row being edited is active: a switch with the word beside it. */
export function ActiveSwitch({ label, value, onValue, disabled }: DraftCellProps<boolean>) {
  return (
    <SwitchLine>
      <Switch checked={value} onCheckedChange={onValue} disabled={disabled} aria-label={label} />
      {value ? 'Active' : 'Inactive'}
    </SwitchLine>
  );
}

/** A saved price's status. */
export function StatusBadge({ active }: { active: boolean }) {
  return <Badge variant={active ? 'success' : 'secondary'}>{active ? 'Active' : 'Inactive'}</Badge>;
}
