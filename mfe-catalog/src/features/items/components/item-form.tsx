import type { Item } from '@erp/contracts';
import { ApiError, errorMessage } from '@erp/sdk';
import { Button, ConfirmDialog, Field, Icon, Input, Select, Spinner, theme, toast, useNavigate } from '@erp/ui';
import { FormSection, useUnsavedChanges } from '@erp/ui/remote';
import { useMemo, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useCreateItem } from '../api/create-item';
import { useUpdateItem } from '../api/update-item';
import {
  CONFLICT_ADVICE,
  conflictKind,
  emptyVendorRow,
  validateItem,
  valuesToBody,
  withoutBlankRows,
  type ItemFormValues,
  type VendorRowValues,
} from '../hooks/item-form-values';
import { UNITS } from '../hooks/catalog-constants';
import { VendorPriceRow } from './vendor-price-row';

const Form = styled.form`
  display: grid;
  gap: 1.25rem;
`;

const Rows = styled.ul`
  list-style: none;
  margin: 0 0 1rem;
  padding: 0;
`;

const Empty = styled.p`
  color: ${theme.color.mutedForeground};
  padding: 0.5rem 0 1rem;
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 0.5rem;
  ${theme.media.mobile} {
    flex-direction: column-reverse;
    & > * { width: 100%; }
  }
`;

const Conflict = styled.div`
  padding: 0.75rem 1rem;
  border: 1px solid #fecaca;
  border-radius: ${theme.radius.md};
  background: #fef2f2;
  font-size: 0.875rem;
`;

const LIST = '/items/list';

export interface ItemFormProps {
  item: Item | null;
  initial: ItemFormValues;
}

/** Item create and edit (SPEC §2 "Items", §5 "Item save"). */
export function ItemForm({ item, initial }: ItemFormProps) {
  const [values, setValues] = useState(initial);
  const navigate = useNavigate();
  const [confirmRemove, setConfirmRemove] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const { dialog, allowLeave } = useUnsavedChanges(dirty);
  const create = useCreateItem();
  const update = useUpdateItem();
  const saving = create.isPending || update.isPending;

  const chosen = useMemo(
    () => values.vendors.filter((r) => !r.removed && r.vendor).map((r) => [r.key, r.vendor?._id ?? ''] as const),
    [values.vendors],
  );
  const takenFor = (key: string) => new Set(chosen.filter(([k]) => k !== key).map(([, v]) => v));

  const patchRow = (key: string, patch: Partial<VendorRowValues>) =>
    setValues((v) => ({ ...v, vendors: v.vendors.map((r) => (r.key === key ? { ...r, ...patch } : r)) }));

  const removeRow = (key: string) => {
    // An existing price is marked removed and inactive until saved; a new row simply goes.
    setValues((v) => ({
      ...v,
      vendors: v.vendors.flatMap((r) => (r.key !== key ? [r] : r._id ? [{ ...r, removed: true, active: false, activeBeforeRemoval: r.active }] : [])),
    }));
    setConfirmRemove(null);
    toast({ title: 'Vendor price removed' });
  };

  // Undo: the price comes back exactly as it was (active or not), so saving changes nothing.
  const restoreRow = (key: string) =>
    setValues((v) => ({
      ...v,
      vendors: v.vendors.map((r) => {
        if (r.key !== key) return r;
        const { activeBeforeRemoval, ...row } = r;
        return { ...row, removed: false, active: activeBeforeRemoval ?? r.active };
      }),
    }));

  const rowToRemove = values.vendors.find((r) => r.key === confirmRemove);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const toSave = withoutBlankRows(values);
    const problem = validateItem(toSave);
    if (problem) {
      toast({ title: `Validation Error: ${problem}`, variant: 'destructive' });
      return;
    }
    setConflict(null);
    const body = valuesToBody(toSave);
    // On failure the form keeps everything typed, so the user can correct and save again.
    const onError = (error: Error) => {
      if (error instanceof ApiError && error.status === 409) setConflict(error.message);
      toast({ title: errorMessage(error), variant: 'destructive' });
    };
    const onSuccess = (response: { message: string }) => {
      allowLeave();
      toast({ title: response.message || (item ? 'Item updated successfully.' : 'Item created successfully'), variant: 'success' });
      void navigate(LIST);
    };
    if (!item) create.mutate(body, { onSuccess, onError });
    else update.mutate({ id: item._id, body: { ...body, version: item.version } }, { onSuccess, onError });
  };

  return (
    <Form onSubmit={onSubmit} noValidate aria-busy={saving}>
      {conflict && (
        <Conflict role="alert">
          <strong>Not saved: </strong>
          {/[.!?]$/.test(conflict) ? conflict : `${conflict}.`} {CONFLICT_ADVICE[conflictKind(conflict, item !== null)]}
        </Conflict>
      )}
      <FormSection title="Item Details" description="What the item is called and how it is counted" grid>
        <Field label="Item Name" htmlFor="item-name" required>
          <Input
            id="item-name"
            value={values.name}
            onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
            placeholder="e.g. Cement OPC 53 Grade"
            autoComplete="off"
            maxLength={200}
            disabled={saving}
          />
        </Field>
        <Field label="Unit" htmlFor="item-unit" required>
          <Select id="item-unit" value={values.unit} onChange={(e) => setValues((v) => ({ ...v, unit: e.target.value }))} disabled={saving}>
            <option value="">Select unit</option>
            {/* An imported item may carry a unit outside the list: keep it selectable. */}
            {values.unit && !(UNITS as readonly string[]).includes(values.unit) && <option value={values.unit}>{values.unit}</option>}
            {UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {unit}
              </option>
            ))}
          </Select>
        </Field>
      </FormSection>
      <FormSection title="Vendor Prices" description="Price and GST are per unit, in rupees; total price = price + GST">
        {values.vendors.length === 0 ? (
          <Empty>No vendor prices yet.</Empty>
        ) : (
          <Rows>
            {values.vendors.map((row, index) => (
              <VendorPriceRow
                key={row.key}
                row={row}
                index={index}
                taken={takenFor(row.key)}
                disabled={saving}
                onChange={(patch) => patchRow(row.key, patch)}
                onRemove={() => setConfirmRemove(row.key)}
                onRestore={() => restoreRow(row.key)}
              />
            ))}
          </Rows>
        )}
        <Button variant="outline" onClick={() => setValues((v) => ({ ...v, vendors: [...v.vendors, emptyVendorRow()] }))} disabled={saving}>
          <Icon name="plus" />
          Add Vendor
        </Button>
      </FormSection>
      <Actions>
        <Button variant="outline" onClick={() => void navigate(LIST)} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving && <Spinner />}
          {saving ? 'Saving...' : 'Save & Close'}
        </Button>
      </Actions>
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
      <ConfirmDialog
        {...dialog}
        title="Discard Changes?"
        description="You have unsaved changes. Are you sure you want to leave without saving?"
        cancelLabel="Keep Editing"
        confirmLabel="Discard Changes"
        destructive
      />
    </Form>
  );
}
