import { overBoqText } from '@erp/contracts';
import { Icon, theme } from '@erp/ui';
import styled from 'styled-components';

const Flag = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.25rem;
  color: ${theme.color.destructive};
  font-size: 0.8125rem;
  font-weight: 600;
  white-space: nowrap;
  & > svg {
    flex-shrink: 0;
  }
`;

/**
 * 'Over BOQ by 12.5 bags' under a line's quantity: allowed, only flagged (the service flags the same
 * line). Nothing when the line is within its BOQ balance.
 */
export function OverBoqFlag({
  overBy,
  unit,
  className,
}: {
  overBy: number;
  unit: string;
  className?: string;
}) {
  if (!(overBy > 0)) return null;
  return (
    <Flag className={className} role="note">
      <Icon name="alert" size={14} aria-hidden="true" />
      {overBoqText(overBy, unit)}
    </Flag>
  );
}

const Marker = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.1875rem;
  padding: 0 0.375rem;
  border-radius: ${theme.radius.full};
  background: ${theme.color.destructive};
  color: ${theme.color.destructiveForeground};
  font-size: 0.6875rem;
  font-weight: 600;
  line-height: 1.125rem;
  white-space: nowrap;
`;

/** A list row's marker: some lines of the indent go beyond their BOQ balance (compact: it sits in a narrow column). */
export function OverBoqMarker({ lines }: { lines: number }) {
  if (!(lines > 0)) return null;
  const words = `${lines} ${lines === 1 ? 'line is' : 'lines are'} over the BOQ balance`;
  return (
    <Marker title={words} aria-label={`Over BOQ: ${words}`} role="img">
      <Icon name="alert" size={11} aria-hidden="true" />
      Over BOQ
    </Marker>
  );
}
