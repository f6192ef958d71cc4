import { Card, formatNumber, Icon, Skeleton, theme, type IconName } from '@erp/ui';
import styled from 'styled-components';

const Body = styled(Card)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  padding: 1.25rem;
`;

const Label = styled.p`
  font-size: 0.875rem;
  font-weight: 500;
  color: ${theme.color.mutedForeground};
`;

const Value = styled.p`
  margin-top: 0.25rem;
  font-size: 1.75rem;
  font-weight: 700;
  line-height: 1.1;
`;

const Badge = styled.span`
  display: grid;
  place-items: center;
  width: 2.5rem;
  height: 2.5rem;
  flex-shrink: 0;
  border-radius: ${theme.radius.md};
  background: ${theme.color.muted};
  color: ${theme.color.foreground};
`;

export interface StatCardProps {
  label: string;
  value: number | undefined;
  icon: IconName;
  loading: boolean;
}

export function StatCard({ label, value, icon, loading }: StatCardProps) {
  return (
    <Body>
      <div>
        <Label>{label}</Label>
        {loading ? <Skeleton $width="3.5rem" $height="1.9rem" style={{ marginTop: '0.25rem' }} /> : <Value>{formatNumber(value ?? 0)}</Value>}
      </div>
      <Badge aria-hidden="true">
        <Icon name={icon} size={20} />
      </Badge>
    </Body>
  );
}
