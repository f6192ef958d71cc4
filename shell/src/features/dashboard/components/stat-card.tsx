import { Card, formatINR, formatNumber, Icon, Skeleton, theme, type IconName } from '@erp/ui';
import styled from 'styled-components';

const Body = styled(Card)`
  /* Cards of a row share one height; the numbers line up at the bottom even when a label wraps. */
  display: flex;
  flex-direction: column;
  justify-content: space-between;
  gap: 0.5rem;
  padding: 1.125rem 1.25rem;
  ${theme.media.mobile} {
    padding: 0.875rem 1rem;
  }
`;

const Top = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 0.5rem;
`;

const Label = styled.p`
  font-size: 0.875rem;
  font-weight: 500;
  color: ${theme.color.mutedForeground};
`;

const Value = styled.p<{ $long: boolean }>`
  font-size: 1.75rem;
  font-weight: 700;
  line-height: 1.1;
  overflow-wrap: anywhere;
  /* Two cards a row on a phone: a figure in lakhs or crores (₹13,44,738) would run past the card. */
  ${theme.media.mobile} {
    ${(p) => (p.$long ? 'font-size: 1.25rem;' : '')}
  }
`;

const Badge = styled.span`
  display: grid;
  place-items: center;
  width: 2rem;
  height: 2rem;
  flex-shrink: 0;
  border-radius: ${theme.radius.md};
  background: ${theme.color.muted};
  color: ${theme.color.foreground};
`;

const Unavailable = styled.p`
  display: flex;
  flex-direction: column;
  gap: 0.125rem;
  & > span:first-child {
    font-size: 1.75rem;
    font-weight: 700;
    line-height: 1.1;
    color: ${theme.color.mutedForeground};
  }
  & > span:last-child {
    font-size: 0.75rem;
    color: ${theme.color.mutedForeground};
  }
`;

export interface StatCardProps {
  label: string;
  value: number | undefined;
  icon: IconName;
  loading: boolean;
  /** The service that owns this count did not answer: say so instead of showing 0. */
  unavailable?: boolean;
  /** 'money': rupees without decimals (as the ledgers show them). */
  format?: 'count' | 'money';
}

export const statText = (value: number | undefined, format: 'count' | 'money' = 'count'): string =>
  format === 'money' ? formatINR(value ?? 0, 0) : formatNumber(value ?? 0);

export function StatCard({
  label,
  value,
  icon,
  loading,
  unavailable = false,
  format = 'count',
}: StatCardProps) {
  const text = statText(value, format);
  return (
    <Body>
      <Top>
        <Label>{label}</Label>
        <Badge aria-hidden="true">
          <Icon name={icon} size={16} />
        </Badge>
      </Top>
      {loading ? (
        <Skeleton $width="3.5rem" $height="1.9rem" />
      ) : unavailable ? (
        <Unavailable>
          <span aria-hidden="true">–</span>
          <span>Not available right now</span>
        </Unavailable>
      ) : (
        <Value $long={text.length > 7}>{text}</Value>
      )}
    </Body>
  );
}
