import type { Item } from '@erp/contracts';
import { Button, ConfirmDialog, Icon, Input, Select, theme, toast, useNavigate } from '@erp/ui';
import { FormSection } from '@erp/ui/remote';
import { FormActions, FormField, FormShell, useFormKit } from '@erp/ui/remote-form';
import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { useCreateItem } from '../api/create-item';
import { useUpdateItem } from '../api/update-item';
import {
  emptyVendorRow,
  itemContract,
  itemProblemToast,
  itemToValues,
  NAME_TAKEN,
  valuesToBody,
  type ItemFormValues,
} from '../hooks/item-form-values';
import { UNITS } from '../hooks/catalog-constants';
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

const LIST = '/items/list';

export interface ItemFormProps {
  item: Item | null;
  initial: ItemFormValues;
  /** Fetches the item again (the stale-save banner's "Load latest version"). */
  reload?: () => Promise<{ data?: Item | undefined }>;
}

/** Item create and edit (SPEC §2 "Items", §5 "Item save"). */
export function ItemForm({ item, initial, reload }: ItemFormProps) {
  const navigate = useNavigate();
  const create = useCreateItem();
  const update = useUpdateItem();
  const kit = useFormKit({
    id: 'item',
    record: item,
    initial,
    contract: itemContract[item ? 'update' : 'create'],
    problemToast: itemProblemToast,
    save: (values, version) => {
      const body = valuesToBody(values);
      return item
        ? update.mutateAsync({ id: item._id, body: { ...body, version } })
        : create.mutateAsync(body);
    },
    onSaved: (response) => {
      toast({
        title: response.message || (item ? 'Item updated successfully.' : 'Item created successfully'),
        variant: 'success',
      });
      void navigate(LIST);
    },
    conflictField: () => NAME_TAKEN,
    latest: item && reload && { refetch: reload, toValues: itemToValues },
  });
  const { values, saving } = kit;
  const [confirmRemove, setConfirmRemove] = useState<string | null>(null);

  const chosen = useMemo(
    () =>
      values.vendors.filter((r) => !r.removed && r.vendor).map((r) => [r.key, r.vendor?._id ?? ''] as const),
    [values.vendors],
  );
  const takenFor = (key: string) => new Set(chosen.filter(([k]) => k !== key).map(([, v]) => v));

  const removeRow = (key: string) => {
    // An existing price is marked removed and inactive until saved; a new row simply goes.
    kit.set(
      'vendors',
      values.vendors.flatMap((r) =>
        r.key !== key
          ? [r]
          : r._id
            ? [{ ...r, removed: true, active: false, activeBeforeRemoval: r.active }]
            : [],
      ),
    );
    setConfirmRemove(null);
    toast({ title: 'Vendor price removed' });
  };

  // Undo: the price comes back exactly as it was (active or not), so saving changes nothing.
  const restoreRow = (key: string) =>
    kit.set(
      'vendors',
      values.vendors.map((r) => {
        if (r.key !== key) return r;
        const { activeBeforeRemoval, ...row } = r;
        return { ...row, removed: false, active: activeBeforeRemoval ?? r.active };
      }),
    );

  const rowToRemove = values.vendors.find((r) => r.key === confirmRemove);

  return (
    <FormShell kit={kit}>
      <FormSection title="Item Details" description="What the item is called and how it is counted" grid>
        <FormField
          kit={kit}
          name="name"
          label="Item Name"
          required
          control={<Input placeholder="e.g. Cement OPC 53 Grade" autoComplete="off" maxLength={200} />}
        />
        <FormField
          kit={kit}
          name="unit"
          label="Unit"
          required
          control={
            <Select>
              <option value="">Select unit</option>
              {/* An imported item may carry a unit outside the list: keep it selectable. */}
              {values.unit && !(UNITS as readonly string[]).includes(values.unit) && (
                <option value={values.unit}>{values.unit}</option>
              )}
              {UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {unit}
                </option>
              ))}
            </Select>
          }
        />
      </FormSection>
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
                taken={takenFor(row.key)}
                onRemove={() => setConfirmRemove(row.key)}
                onRestore={() => restoreRow(row.key)}
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
      <FormActions kit={kit} onCancel={() => void navigate(LIST)} saveLabel="Save & Close" />
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
        onConfirm={() => confirmRemove && removeRow(confirmRemove)}
        onCancel={() => setConfirmRemove(null)}
      />
    </FormShell>
  );
}
