import type { Item } from '@erp/contracts';
import { Input, Select, toast, useNavigate } from '@erp/ui';
import { FormSection } from '@erp/ui/remote';
import { FormActions, FormField, FormShell, useFormKit } from '@erp/ui/remote-form';
import { useCreateItem } from '../api/create-item';
import { useUpdateItem } from '../api/update-item';
import {
  itemContract,
  itemProblemToast,
  itemToValues,
  NAME_TAKEN,
  valuesToBody,
  type ItemFormValues,
} from '../hooks/item-form-values';
import { UNITS } from '../hooks/catalog-constants';
import { useVendorRows } from '../hooks/use-vendor-rows';
import { RemoveVendorDialog, VendorPricesSection } from './vendor-prices-section';

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
  const { values } = kit;
  const rows = useVendorRows(kit);

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
      <VendorPricesSection kit={kit} rows={rows} />
      <FormActions kit={kit} onCancel={() => void navigate(LIST)} saveLabel="Save & Close" />
      <RemoveVendorDialog rows={rows} />
    </FormShell>
  );
}
