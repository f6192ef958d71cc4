import { Button, ConfirmDialog, Icon, theme } from '@erp/ui';
import { FormSection } from '@erp/ui/remote';
import type { FormKit } from '@erp/ui/remote-form';
import styled from 'styled-components';
import { emptyVendorRow, type ItemFormValues } from '../hooks/item-form-values';
import type { VendorRows } from '../hooks/use-vendor-rows';
import { VendorPriceRow } from './vendor-price-row';

const Rows = styled.ul`
  list-style: none;
  margin: 0 0 1rem;
  padding: 0;
`;

const Empty = styled.p`
  color: ${theme.color.mutedForeground};
  padding: 0.5rem 0 1rem;
`;

export interface VendorPricesSectionProps {
  kit: FormKit<ItemFormValues>;
  rows: VendorRows;
}

/** The item form's Vendor Prices section: one row per vendor's price, and the Add Vendor button. */
export function VendorPricesSection({ kit, rows }: VendorPricesSectionProps) {
  const { values, saving } = kit;
  return (
    <FormSection
      title="Vendor Prices"
      description="Price and GST are per unit, in rupees; total price = price + GST"
    >
      {values.vendors.length === 0 ? (
        <Empty>No vendor prices yet.</Empty>
      ) : (
        <Rows>
          {values.vendors.map((row, index) => (
            <VendorPriceRow
              key={row.key}
              kit={kit}
              row={row}
              index={index}
              taken={rows.takenFor(row.key)}
              onRemove={() => rows.askRemove(row.key)}
              onRestore={() => rows.restore(row.key)}
            />
          ))}
        </Rows>
      )}
      <Button
        variant="outline"
        onClick={() => kit.set('vendors', [...values.vendors, emptyVendorRow()])}
        disabled={saving}
      >
        <Icon name="plus" />
        Add Vendor
      </Button>
    </FormSection>
  );
}

/** Asks before a vendor price row goes (an existing price is removed from the item when the form is saved). */
export function RemoveVendorDialog({ rows }: { rows: VendorRows }) {
  const { rowToRemove } = rows;
  return (
    <ConfirmDialog
      open={rowToRemove !== undefined}
      title="Remove vendor price?"
      description={
        rowToRemove?.vendor
          ? `The price from ${rowToRemove.vendor.name} will be removed from this item when you save.`
          : 'This vendor price row will be removed.'
      }
      confirmLabel="Remove"
      destructive
      onConfirm={() => rowToRemove && rows.remove(rowToRemove.key)}
      onCancel={() => rows.askRemove(null)}
    />
  );
}
