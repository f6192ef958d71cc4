import { can } from '@erp/contracts';
import { EmptyState, Icon, LinkButton, PageHeader } from '@erp/ui';
import { isNotFound, LoadFailure, PageSkeleton, useCurrentUser } from '@erp/ui/remote';
import { useMemo } from 'react';
import { useItem } from '../api/get-item';
import { emptyItemValues, itemToValues } from '../hooks/item-form-values';
import { ItemForm } from './item-form';
import { PriceHistory } from './price-history';

const backToList = (
  <LinkButton to="/items/list" variant="outline">
    <Icon name="arrowLeft" />
    Back to List
  </LinkButton>
);

/** /items/create (id null) and /items/edit?id= (with the price history below the form). */
export function ItemFormPage({ id }: { id: string | null }) {
  const user = useCurrentUser();
  const item = useItem(id);
  const initial = useMemo(() => (item.data ? itemToValues(item.data) : emptyItemValues()), [item.data]);
  const title = id ? 'Edit Item' : 'Add Item';

  if (!can(user, 'items', 'add', 'write')) {
    return (
      <>
        <PageHeader title={title} />
        <EmptyState
          icon="lock"
          title="Access denied"
          description="You don't have permission to add or edit items."
          action={backToList}
        />
      </>
    );
  }

  if (id) {
    if (item.isPending) return <PageSkeleton />;
    if (item.isError) {
      return (
        <LoadFailure
          title={title}
          back={backToList}
          error={item.error}
          missing={isNotFound}
          icon="package"
          notFound={{ title: 'Item not found', description: 'The requested item could not be found.' }}
          errorTitle="Could not load this item"
          onRetry={() => void item.refetch()}
        />
      );
    }
  }

  return (
    <>
      <PageHeader
        title={title}
        description={
          id
            ? 'Update the item and its vendor prices'
            : 'Add an item with the vendors who supply it and their prices'
        }
      />
      <div style={{ display: 'grid', gap: '1.25rem' }}>
        <ItemForm item={item.data ?? null} initial={initial} reload={item.refetch} />
        {id && item.data && <PriceHistory itemId={item.data._id} />}
      </div>
    </>
  );
}
