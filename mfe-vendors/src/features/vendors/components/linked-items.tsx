import {
  amountTooLarge,
  fromPaise,
  hasAtMostTwoDecimals,
  MAX_MOQ,
  MAX_RUPEES,
  MOQ_TOO_LARGE,
  toPaise,
  tryUnitTotal,
  VENDOR_ITEM_SORTS,
  type VendorItemLink,
} from '@erp/contracts';
import { errorMessage } from '@erp/sdk';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  EmptyState,
  ErrorPanel,
  formatDate,
  formatINR,
  Icon,
  Input,
  Pagination,
  SearchInput,
  Select,
  Skeleton,
  Spinner,
  theme,
  toast,
  useIsMobile,
} from '@erp/ui';
import { useState } from 'react';
import {
  DataTable,
  FilterBar,
  SortSelect,
  Switch,
  useListSearch,
  type Column,
  type ListSort,
} from '@erp/ui/remote';
import styled from 'styled-components';
import {
  useVendorItems,
  VENDOR_ITEMS_PAGE_SIZE,
  type VendorItemSort,
  type VendorItemStatus,
} from '../api/get-vendor-items';
import { useRemoveVendorPrice } from '../api/remove-vendor-price';
import { useUpdateVendorPrice } from '../api/update-vendor-price';

const Money = styled.span`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const Muted = styled.span`
  color: ${theme.color.mutedForeground};
  white-space: nowrap;
`;

const ItemName = styled.span`
  display: inline-block;
  min-width: 9rem;
`;

const Small = styled(Input)`
  width: 5.5rem;
  max-width: 100%;
  height: 2rem;
  ${theme.media.mobile} {
    width: 9rem;
  }
`;

const NotesInput = styled(Input)`
  min-width: 8rem;
  height: 2rem;
`;

const SwitchLine = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.375rem;
  font-size: 0.8125rem;
`;

/** SPEC §2: sorted by item name, price, MOQ or last updated; item name first. */
const DEFAULT_SORT: ListSort = { key: 'itemName', desc: false };
const STATUSES: readonly VendorItemStatus[] = ['active', 'inactive'];

const Pager = styled.div`
  margin-top: 1rem;
`;

interface Draft {
  price: string;
  gst: string;
  moq: string;
  active: boolean;
  notes: string;
}

const amountInput = (raw: string) => {
  const cleaned = raw.replace(/[^0-9.]/g, '');
  const [whole = '', ...rest] = cleaned.split('.');
  return rest.length === 0 ? whole : `${whole}.${rest.join('').slice(0, 2)}`;
};

const toDraft = (link: VendorItemLink): Draft => ({
  price: String(link.price),
  gst: String(link.gst),
  moq: link.moq ? String(link.moq) : '',
  active: link.status === 'active',
  notes: link.notes,
});

const num = (raw: string, fallback = NaN) => (raw.trim() === '' ? fallback : Number(raw));

/** Worked out while rendering, so it never throws: an amount beyond the maximum has no total (null). */
function draftTotal(draft: Draft): number | null {
  return tryUnitTotal(num(draft.price), num(draft.gst, 0));
}

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
  const search = useListSearch(['status'], { defaultSort: DEFAULT_SORT, sortKeys: VENDOR_ITEM_SORTS });
  const statusParam = search.filter('status');
  const status: VendorItemStatus = STATUSES.find((s) => s === statusParam) ?? 'all';
  const sort = search.sort ?? DEFAULT_SORT;
  const items = useVendorItems(vendorId, {
    keyword: search.query.keyword,
    status,
    sort: sort.key as VendorItemSort,
    order: sort.desc ? 'desc' : 'asc',
    page: search.query.page,
  });
  const [editing, setEditing] = useState<{ id: string; draft: Draft } | null>(null);
  const [removing, setRemoving] = useState<VendorItemLink | null>(null);
  const update = useUpdateVendorPrice();
  const remove = useRemoveVendorPrice();

  const setDraft = (patch: Partial<Draft>) =>
    setEditing((e) => (e ? { ...e, draft: { ...e.draft, ...patch } } : e));

  const save = (link: VendorItemLink) => {
    if (!editing) return;
    const { draft } = editing;
    const price = num(draft.price);
    const gst = num(draft.gst, 0);
    const moq = num(draft.moq, 0);
    let problem: string | null = null;
    if (price > MAX_RUPEES) problem = amountTooLarge('Price');
    else if (gst > MAX_RUPEES) problem = amountTooLarge('GST');
    else if (moq > MAX_MOQ) problem = MOQ_TOO_LARGE;
    else if (!(price > 0) || !hasAtMostTwoDecimals(price)) problem = 'Price must be greater than 0';
    else if (!(gst >= 0) || !hasAtMostTwoDecimals(gst)) problem = 'GST must be 0 or more';
    else if (!(moq >= 0)) problem = 'MOQ must be 0 or more';
    if (problem) {
      toast({ title: 'Validation Error', description: problem, variant: 'destructive' });
      return;
    }
    update.mutate(
      {
        itemId: link.itemId,
        vendorId,
        body: {
          price: fromPaise(toPaise(price)),
          gst: fromPaise(toPaise(gst)),
          moq: fromPaise(toPaise(moq)),
          status: draft.active ? 'active' : 'inactive',
          notes: draft.notes.trim(),
          version: link.itemVersion,
        },
      },
      {
        onSuccess: () => {
          setEditing(null);
          toast({
            title: 'Changes Saved',
            description: 'Item details updated successfully.',
            variant: 'success',
          });
        },
        // On 409 (someone else changed the item) the row stays in edit mode with what was typed.
        onError: (error) => toast({ title: errorMessage(error), variant: 'destructive' }),
      },
    );
  };

  const confirmRemove = () => {
    if (!removing) return;
    const link = removing;
    remove.mutate(
      { itemId: link.itemId, vendorId },
      {
        onSuccess: () => {
          setRemoving(null);
          if (editing?.id === link._id) setEditing(null);
          // SPEC §8: 'Item Removed' with 'Vendor price removed'.
          toast({ title: 'Item Removed', description: 'Vendor price removed', variant: 'success' });
        },
        onError: (error) => toast({ title: errorMessage(error), variant: 'destructive' }),
      },
    );
  };

  const isEditing = (link: VendorItemLink) => editing?.id === link._id;
  const busy = update.isPending;
  // Desktop rows keep the actions to icons (with tooltips) so the editable columns fit.
  const compact = !useIsMobile();
  const size = compact ? 'icon' : 'sm';

  const columns: Column<VendorItemLink>[] = [
    {
      id: 'item',
      header: 'Item',
      sortKey: 'itemName',
      primary: true,
      cell: (l) => (
        <ItemName>
          <strong>{l.itemName}</strong> <Muted>({l.unit})</Muted>
        </ItemName>
      ),
    },
    {
      id: 'price',
      header: 'Price',
      sortKey: 'price',
      align: 'right',
      cell: (l) =>
        isEditing(l) && editing ? (
          <Small
            aria-label={`Price for ${l.itemName}`}
            inputMode="decimal"
            value={editing.draft.price}
            onChange={(e) => setDraft({ price: amountInput(e.target.value) })}
            disabled={busy}
          />
        ) : (
          <Money>{formatINR(l.price)}</Money>
        ),
    },
    {
      id: 'gst',
      header: 'GST',
      align: 'right',
      cell: (l) =>
        isEditing(l) && editing ? (
          <Small
            aria-label={`GST for ${l.itemName}`}
            inputMode="decimal"
            value={editing.draft.gst}
            onChange={(e) => setDraft({ gst: amountInput(e.target.value) })}
            disabled={busy}
          />
        ) : (
          <Money>{formatINR(l.gst)}</Money>
        ),
    },
    {
      id: 'total',
      header: 'Total',
      align: 'right',
      cell: (l) => {
        const total = isEditing(l) && editing ? draftTotal(editing.draft) : l.totalPrice;
        return <Money>{total === null ? '—' : formatINR(total)}</Money>;
      },
    },
    {
      id: 'moq',
      header: 'MOQ',
      sortKey: 'moq',
      align: 'right',
      cell: (l) =>
        isEditing(l) && editing ? (
          <Small
            aria-label={`MOQ for ${l.itemName}`}
            inputMode="decimal"
            value={editing.draft.moq}
            onChange={(e) => setDraft({ moq: amountInput(e.target.value) })}
            disabled={busy}
          />
        ) : l.moq ? (
          `${l.moq} ${l.unit}`
        ) : (
          <Muted>—</Muted>
        ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (l) =>
        isEditing(l) && editing ? (
          <SwitchLine>
            <Switch
              checked={editing.draft.active}
              onCheckedChange={(active) => setDraft({ active })}
              disabled={busy}
              aria-label={`Price for ${l.itemName} is active`}
            />
            {editing.draft.active ? 'Active' : 'Inactive'}
          </SwitchLine>
        ) : (
          <Badge variant={l.status === 'active' ? 'success' : 'secondary'}>
            {l.status === 'active' ? 'Active' : 'Inactive'}
          </Badge>
        ),
    },
    {
      id: 'notes',
      header: 'Notes',
      cell: (l) =>
        isEditing(l) && editing ? (
          <NotesInput
            aria-label={`Notes for ${l.itemName}`}
            value={editing.draft.notes}
            onChange={(e) => setDraft({ notes: e.target.value })}
            maxLength={1000}
            disabled={busy}
          />
        ) : (
          <span>{l.notes || <Muted>—</Muted>}</span>
        ),
    },
    {
      id: 'updated',
      header: 'Last Updated',
      sortKey: 'updatedAt',
      // Newest first on the first click.
      sortDescFirst: true,
      cell: (l) => (
        <Muted title={l.lastUpdatedBy ? `by ${l.lastUpdatedBy.name}` : undefined}>
          {formatDate(l.updatedAt)}
        </Muted>
      ),
    },
  ];

  let body;
  if (items.isPending) body = <Skeleton $height="8rem" />;
  else if (items.isError)
    body = (
      <ErrorPanel
        title="Could not load this vendor's items"
        message={`${errorMessage(items.error)} The item prices come from the catalog service; the vendor's own details above are not affected.`}
        onRetry={() => void items.refetch()}
      />
    );
  else if (items.data.result.length === 0)
    body = search.filtered ? (
      <EmptyState
        icon="search"
        title="No items match these filters"
        description="Try adjusting your search or filters"
        action={
          <Button variant="outline" onClick={search.clearFilters}>
            Clear Filters
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon="package"
        title="No items linked yet"
        description="Prices this vendor gives for items in the item master appear here."
      />
    );
  else
    body = (
      <>
        <DataTable
          caption="Items from this vendor"
          columns={columns}
          rows={items.data.result}
          rowKey={(l) => l._id}
          sort={sort}
          onSortChange={search.setSort}
          sortMode="server"
          actions={
            canEdit
              ? (l) =>
                  isEditing(l) ? (
                    <>
                      <Button
                        size={size}
                        onClick={() => save(l)}
                        disabled={busy}
                        aria-label="Save"
                        title={compact ? 'Save' : undefined}
                      >
                        {busy ? <Spinner /> : <Icon name="check" />}
                        {!compact && (busy ? 'Saving...' : 'Save')}
                      </Button>
                      <Button
                        size={size}
                        variant="outline"
                        onClick={() => setEditing(null)}
                        disabled={busy}
                        aria-label="Cancel"
                        title={compact ? 'Cancel' : undefined}
                      >
                        <Icon name="x" />
                        {!compact && 'Cancel'}
                      </Button>
                    </>
                  ) : (
                    <>
                      <Button
                        size={size}
                        variant="outline"
                        onClick={() => setEditing({ id: l._id, draft: toDraft(l) })}
                        disabled={editing !== null}
                        aria-label={`Edit ${l.itemName}`}
                        title={compact ? 'Edit' : undefined}
                      >
                        <Icon name="pencil" />
                        {!compact && 'Edit'}
                      </Button>
                      <Button
                        size={size}
                        variant="ghost"
                        onClick={() => setRemoving(l)}
                        disabled={editing !== null}
                        aria-label={`Remove ${l.itemName}`}
                        title={compact ? 'Remove' : undefined}
                      >
                        <Icon name="x" />
                        {!compact && 'Remove'}
                      </Button>
                    </>
                  )
              : undefined
          }
        />
        {(items.data.totalItems > VENDOR_ITEMS_PAGE_SIZE || items.data.totalCapped) && (
          <Pager>
            <Pagination
              page={search.page}
              pageSize={VENDOR_ITEMS_PAGE_SIZE}
              totalItems={items.data.totalItems}
              totalCapped={items.data.totalCapped}
              onPageChange={search.setPage}
            />
          </Pager>
        )}
      </>
    );

  return (
    <Card as="section" aria-labelledby="section-linked-items">
      <CardHeader>
        <CardTitle id="section-linked-items" as="h2">
          Linked Items
          {items.isFetching && !items.isPending && (
            <span style={{ marginLeft: 8, display: 'inline-flex', verticalAlign: 'middle' }}>
              <Spinner label="Refreshing" />
            </span>
          )}
        </CardTitle>
        <CardDescription>
          {items.data
            ? `${items.data.totalItems} ${items.data.totalItems === 1 ? 'item' : 'items'} priced by this vendor`
            : 'Items priced by this vendor'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <FilterBar role="search">
          <SearchInput
            value={search.input}
            onValueChange={search.setInput}
            placeholder="Search items..."
            aria-label="Search this vendor's items"
          />
          <Select
            value={status}
            onChange={(e) =>
              search.setFilter('status', e.target.value === 'all' ? undefined : e.target.value)
            }
            aria-label="Filter by status"
          >
            <option value="all">All Status</option>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </Select>
          {/* Desktops sort by the table's headers; cards have none. */}
          {!compact && <SortSelect columns={columns} sort={sort} onSortChange={search.setSort} />}
        </FilterBar>
        {body}
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        title="Remove vendor price?"
        description={
          removing
            ? `${removing.itemName} will no longer list this vendor's price. This cannot be undone.`
            : undefined
        }
        confirmLabel={remove.isPending ? 'Removing...' : 'Remove'}
        destructive
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </Card>
  );
}
