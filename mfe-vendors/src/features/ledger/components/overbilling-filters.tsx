import { Button, Icon, theme } from '@erp/ui';
import { Tabs } from '@erp/ui/remote';
import styled from 'styled-components';
import { OVERBILL_TABS, type OverbillTab } from '../hooks/ledger-filters';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem;
  margin-bottom: 1rem;
  & [role='tablist'] {
    flex-wrap: wrap;
  }
`;

const Count = styled.span`
  color: ${theme.color.mutedForeground};
  font-size: 0.875rem;
`;

export interface OverbillingFiltersProps {
  tab: OverbillTab;
  onTabChange: (next: string) => void;
  /** The vendor the queue is narrowed to (?vendor=), with its name once a case of it is shown. */
  vendorId: string | null;
  vendorName: string | undefined;
  onAllVendors: () => void;
  /** How many cases match, once known. */
  total: { totalItems: number; totalCapped?: boolean | undefined } | undefined;
}

/** Above the queue: the status tabs, the way out of one vendor's cases, and the count (announced). */
export function OverbillingFilters({
  tab,
  onTabChange,
  vendorId,
  vendorName,
  onAllVendors,
  total,
}: OverbillingFiltersProps) {
  return (
    <Bar>
      <Tabs
        aria-label="Filter by status"
        value={tab}
        onValueChange={onTabChange}
        tabs={OVERBILL_TABS.map((t) => ({ value: t.value, label: t.label }))}
      />
      {vendorId && (
        <Button variant="ghost" onClick={onAllVendors}>
          <Icon name="x" />
          {vendorName ? `Only ${vendorName}` : 'Only one vendor'}: show all vendors
        </Button>
      )}
      {total && (
        <Count aria-live="polite">
          {total.totalItems}
          {total.totalCapped ? '+' : ''} {total.totalItems === 1 ? 'case' : 'cases'}
        </Count>
      )}
    </Bar>
  );
}
