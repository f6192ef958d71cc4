import type { VendorItemLink } from '@erp/contracts';
import { ConfirmDialog, Spinner, useIsMobile } from '@erp/ui';
import { SectionCard } from '@erp/ui/remote';
import { useLinkedItemEdit } from '../hooks/use-linked-item-edit';
import { useLinkedItemRemove } from '../hooks/use-linked-item-remove';
import { useLinkedItemsSearch } from '../hooks/use-linked-items-search';
import { LinkedItemActions } from './linked-item-actions';
import { linkedItemColumns } from './linked-item-columns';
import { LinkedItemsBody } from './linked-items-body';
import { LinkedItemsFilters } from './linked-items-filters';

export interface LinkedItemsProps {
  vendorId: string;
  canEdit: boolean;
}

/**
 * The items this vendor prices: search, status filter, sort, inline edit and remove (SPEC §2
 * "Vendors"). Search, status, sort and page are in the URL (the list kit's useListSearch); the
 * catalog sorts, chosen by the table's headers on desktops and by a select on phones.
 */
export function LinkedItems({ vendorId, canEdit }: LinkedItemsProps) {
  const list = useLinkedItemsSearch(vendorId);
  const { items } = list;
  const edit = useLinkedItemEdit(vendorId);
  const remove = useLinkedItemRemove(vendorId, (link) => {
    if (edit.editing?.id === link._id) edit.cancel();
  });
  // Desktop rows keep the actions to icons (with tooltips) so the editable columns fit.
  const compact = !useIsMobile();
  const columns = linkedItemColumns(edit);
  const actions = canEdit
    ? (l: VendorItemLink) => (
        <LinkedItemActions link={l} edit={edit} onRemove={remove.ask} compact={compact} />
      )
    : undefined;

  return (
    <>
      <SectionCard
        titleId="section-linked-items"
        title={
          <>
            Linked Items
            {items.isFetching && !items.isPending && (
              <span style={{ marginLeft: 8, display: 'inline-flex', verticalAlign: 'middle' }}>
                <Spinner label="Refreshing" />
              </span>
            )}
          </>
        }
        description={
          items.data
            ? `${items.data.totalItems} ${items.data.totalItems === 1 ? 'item' : 'items'} priced by this vendor`
            : 'Items priced by this vendor'
        }
      >
        <LinkedItemsFilters list={list} columns={columns} compact={compact} />
        <LinkedItemsBody list={list} columns={columns} actions={actions} />
      </SectionCard>
      <ConfirmDialog
        open={remove.removing !== null}
        title="Remove vendor price?"
        description={
          remove.removing
            ? `${remove.removing.itemName} will no longer list this vendor's price. This cannot be undone.`
            : undefined
        }
        confirmLabel={remove.busy ? 'Removing...' : 'Remove'}
        destructive
        busy={remove.busy}
        onConfirm={remove.confirm}
        onCancel={remove.dismiss}
      />
    </>
  );
}
