import { can } from '@erp/contracts';
import { Badge, EmptyState, Icon, LinkButton, PageHeader, toast, useNavigate } from '@erp/ui';
import { useCurrentUser } from '@erp/ui/remote';
import { FormActions, FormShell, useFormKit } from '@erp/ui/remote-form';
import { useCreateVendor } from '../api/create-vendor';
import {
  emptyVendorValues,
  hasRequiredFields,
  NAME_TAKEN,
  valuesToBody,
  vendorContract,
} from '../hooks/vendor-form-values';
import { VendorFields } from './vendor-fields';

const LIST = '/vendors/list';
const initial = emptyVendorValues();

/** /vendors/create (SPEC §2 "Vendors", §5 "Vendor create"). */
export function VendorCreatePage() {
  const user = useCurrentUser();
  if (!can(user, 'vendors', 'create', 'write')) {
    return (
      <>
        <PageHeader title="Create Vendor" />
        <EmptyState
          icon="lock"
          title="Access denied"
          description="You don't have permission to create vendors."
          action={
            <LinkButton to={LIST} variant="outline">
              <Icon name="arrowLeft" />
              Back to List
            </LinkButton>
          }
        />
      </>
    );
  }
  return <VendorCreateForm />;
}

function VendorCreateForm() {
  const navigate = useNavigate();
  const create = useCreateVendor();
  const kit = useFormKit({
    id: 'vendor',
    record: null,
    initial,
    contract: vendorContract.create,
    canSubmit: hasRequiredFields,
    save: (values) => create.mutateAsync(valuesToBody(values)),
    onSaved: (response) => {
      toast({ title: response.message || 'Vendor created successfully', variant: 'success' });
      void navigate(`/vendors/detail?id=${encodeURIComponent(response.vendor._id)}`);
    },
    // 409: 'A vendor with this name already exists', next to the name; everything typed stays.
    conflictField: () => NAME_TAKEN,
  });

  return (
    <>
      <PageHeader
        title="Create Vendor"
        description="Add a supplier to the vendor master"
        badge={kit.dirty ? <Badge variant="outline">You have unsaved changes</Badge> : undefined}
      />
      <FormShell kit={kit}>
        <VendorFields kit={kit} />
        <FormActions
          kit={kit}
          onCancel={() => void navigate(LIST)}
          saveLabel="Save Vendor"
          saveDisabled={!hasRequiredFields(kit.values)}
        />
      </FormShell>
    </>
  );
}
