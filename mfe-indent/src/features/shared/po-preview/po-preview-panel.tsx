/**
 * The PO Preview (SPEC §2 "Compare detail", "Approval review"; §9 "PO preview totals"): the chosen
 * lines grouped by vendor, one future PO each, with per line the extended cost, GST and grand total,
 * per vendor the fleet cost and the final total, and the overall total. The arithmetic is poPreview's.
 */
import type { PoPreview, PreviewVendor } from '@erp/contracts';
import { formatNumber, Icon, theme } from '@erp/ui';
import { SectionCard } from '@erp/ui/remote';
import { memo, useCallback, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { quantityText, rupees } from './preview-input';

/** Above this many lines in all, the vendors' line lists start folded (their totals stay in view). */
const OPEN_UP_TO = 40;

const Vendors = styled.div`
  display: grid;
  gap: 0.75rem;
`;

const Group = styled.section`
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  overflow: hidden;
`;

const GroupHead = styled.button`
  display: flex;
  width: 100%;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  padding: 0.625rem 0.75rem;
  border: 0;
  background: ${theme.color.muted};
  font: inherit;
  text-align: left;
  cursor: pointer;
  & > span:first-child {
    display: grid;
    min-width: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  & small {
    font-weight: 400;
    color: ${theme.color.mutedForeground};
    font-size: 0.8125rem;
  }
  & > strong {
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
  &:focus-visible {
    outline: 2px solid ${theme.color.ring};
    outline-offset: -2px;
  }
`;

const Lines = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0 0.75rem;
  & > li {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    gap: 0.125rem 0.75rem;
    padding: 0.5rem 0;
    border-bottom: 1px solid ${theme.color.border};
    font-size: 0.8125rem;
    font-variant-numeric: tabular-nums;
  }
  & > li > span:first-child {
    font-weight: 500;
    overflow-wrap: anywhere;
  }
  & > li > strong {
    white-space: nowrap;
    text-align: right;
  }
  & > li > small {
    grid-column: 1 / -1;
    color: ${theme.color.mutedForeground};
  }
`;

const Sums = styled.dl`
  margin: 0;
  padding: 0.5rem 0.75rem 0.625rem;
  display: grid;
  gap: 0.25rem;
  font-size: 0.8125rem;
  font-variant-numeric: tabular-nums;
  & > div {
    display: flex;
    justify-content: space-between;
    gap: 0.75rem;
  }
  & dt {
    color: ${theme.color.mutedForeground};
  }
  & dd {
    margin: 0;
    white-space: nowrap;
  }
  & > div.final {
    padding-top: 0.375rem;
    border-top: 1px solid ${theme.color.border};
    font-weight: 600;
    font-size: 0.875rem;
  }
  & > div.final dt {
    color: ${theme.color.foreground};
  }
`;

const Extra = styled.div`
  padding: 0 0.75rem 0.75rem;
`;

const Overall = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  gap: 0.75rem;
  margin-top: 1rem;
  padding-top: 0.75rem;
  border-top: 2px solid ${theme.color.border};
  font-weight: 700;
  font-size: 1rem;
  & > strong {
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
`;

const Empty = styled.p`
  color: ${theme.color.mutedForeground};
  font-size: 0.875rem;
`;

interface VendorGroupProps {
  vendor: PreviewVendor;
  open: boolean;
  onToggle: (vendorId: string) => void;
  extra?: ReactNode;
}

const VendorGroup = memo(function VendorGroup({ vendor, open, onToggle, extra }: VendorGroupProps) {
  const listId = `po-lines-${vendor.vendorId}`;
  return (
    <Group aria-label={`PO for ${vendor.vendorName}`}>
      <GroupHead
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => onToggle(vendor.vendorId)}
      >
        <span>
          {vendor.vendorName}
          <small>
            {formatNumber(vendor.lines.length)} {vendor.lines.length === 1 ? 'item' : 'items'}
          </small>
        </span>
        <strong>{rupees(vendor.finalTotalPaise)}</strong>
        <Icon name={open ? 'chevronUp' : 'chevronDown'} size={16} />
      </GroupHead>
      {open && (
        <Lines id={listId}>
          {vendor.lines.map((l) => (
            <li key={l.itemId}>
              <span>{l.itemName}</span>
              <strong>{rupees(l.grandTotalPaise)}</strong>
              <small>
                {quantityText(l.quantity)} {l.unit} × {rupees(l.unitTotalPaise)} · Cost{' '}
                {rupees(l.extendedCostPaise)} · GST {rupees(l.extendedGstPaise)}
              </small>
            </li>
          ))}
        </Lines>
      )}
      <Sums>
        <div>
          <dt>Extended cost</dt>
          <dd>{rupees(vendor.costPaise)}</dd>
        </div>
        <div>
          <dt>GST</dt>
          <dd>{rupees(vendor.gstPaise)}</dd>
        </div>
        <div>
          <dt>Grand total</dt>
          <dd>{rupees(vendor.linesTotalPaise)}</dd>
        </div>
        <div>
          <dt>Fleet cost</dt>
          <dd>{rupees(vendor.fleetPaise)}</dd>
        </div>
        <div>
          <dt>Fleet GST</dt>
          <dd>{rupees(vendor.fleetGstPaise)}</dd>
        </div>
        <div className="final">
          <dt>Final total</dt>
          <dd>{rupees(vendor.finalTotalPaise)}</dd>
        </div>
      </Sums>
      {extra && <Extra>{extra}</Extra>}
    </Group>
  );
});

export interface PoPreviewPanelProps {
  preview: PoPreview;
  /** Under a vendor's totals (the approval's fleet cost editor). */
  vendorExtra?: (vendor: PreviewVendor) => ReactNode;
  description?: string;
}

/** The PO Preview card. */
export function PoPreviewPanel({
  preview,
  vendorExtra,
  description = 'One purchase order per vendor',
}: PoPreviewPanelProps) {
  const lineCount = preview.vendors.reduce((n, v) => n + v.lines.length, 0);
  const [toggled, setToggled] = useState<ReadonlySet<string>>(() => new Set());
  const startOpen = lineCount <= OPEN_UP_TO;
  const onToggle = useCallback(
    (vendorId: string) =>
      setToggled((was) => {
        const next = new Set(was);
        if (!next.delete(vendorId)) next.add(vendorId);
        return next;
      }),
    [],
  );
  return (
    <SectionCard titleId="po-preview-title" title="PO Preview" description={description}>
      {preview.vendors.length === 0 ? (
        <Empty>Select vendors to see the purchase orders they make.</Empty>
      ) : (
        <Vendors>
          {preview.vendors.map((v) => (
            <VendorGroup
              key={v.vendorId}
              vendor={v}
              open={startOpen !== toggled.has(v.vendorId)}
              onToggle={onToggle}
              extra={vendorExtra?.(v)}
            />
          ))}
        </Vendors>
      )}
      <Overall aria-live="polite">
        <span>Overall total</span>
        <strong>{rupees(preview.totalPaise)}</strong>
      </Overall>
    </SectionCard>
  );
}
