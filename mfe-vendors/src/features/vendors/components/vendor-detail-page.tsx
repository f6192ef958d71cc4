import { can } from '@erp/contracts';
import { EmptyState, Icon, LinkButton, PageHeader } from '@erp/ui';
import { LoadFailure, PageSkeleton, useCurrentUser } from '@erp/ui/remote';
import { useState } from 'react';
import styled from 'styled-components';
import { useVendor } from '../api/get-vendor';
import { LinkedItems } from './linked-items';
import { VendorInfo } from './vendor-info';
import { VendorStatusBadge } from '../../shared/components/vendor-status-badge';

const Stack = styled.div`
  display: grid;
  gap: 1.25rem;
`;

const backToList = (
  <LinkButton to="/vendors/list" variant="outline">
    <Icon name="arrowLeft" />
    Back to List
  </LinkButton>
);

/** /vendors/detail?id= (or /vendors/detail/{id}): the vendor's information and the items it prices. */
export function VendorDetailPage({ id }: { id: string | null }) {
  const user = useCurrentUser();
  const vendor = useVendor(id);
  const [editing, setEditing] = useState(false);
  // As the service checks PATCH /vendors/details/{id}: write on the vendor list (create alone adds vendors, it does not edit them).
  const canEdit = can(user, 'vendors', 'list', 'write');
  const canEditPrices = can(user, 'items', 'add', 'write');

  if (!id) {
    return (
      <>
        <PageHeader title="Vendor Details" actions={backToList} />
        <EmptyState
          icon="truck"
          title="Vendor not found"
          description="No vendor was chosen. Open one from the vendor list."
          action={backToList}
        />
      </>
    );
  }
  if (vendor.isPending) return <PageSkeleton />;
  if (vendor.isError) {
    return (
      <LoadFailure
        title="Vendor Details"
        back={backToList}
        error={vendor.error}
        icon="truck"
        notFound={{ title: 'Vendor not found', description: 'The requested vendor could not be found.' }}
        errorTitle="Could not load this vendor"
        onRetry={() => void vendor.refetch()}
      />
    );
  }

  const v = vendor.data;
  return (
    <>
      <PageHeader
        title={v.name}
        badge={<VendorStatusBadge status={v.status} />}
        description={`${v.vendorId}${v.contactPerson ? ` · ${v.contactPerson}` : ''}`}
        actions={editing ? undefined : backToList}
      />
      <Stack>
        <VendorInfo vendor={v} canEdit={canEdit} editing={editing} onEditingChange={setEditing} />
        {!editing && <LinkedItems vendorId={v._id} canEdit={canEditPrices} />}
      </Stack>
    </>
  );
}
