import { can } from '@erp/contracts';
import { ApiError, errorMessage } from '@erp/sdk';
import { Badge, Button, ConfirmDialog, EmptyState, Icon, LinkButton, PageHeader, Spinner, theme, toast, useNavigate } from '@erp/ui';
import { useCurrentUser, useUnsavedChanges } from '@erp/ui/remote';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useCreateVendor } from '../api/create-vendor';
import { emptyVendorValues, hasRequiredFields, validateCreate, valuesToBody, type VendorField, type VendorFormValues } from '../hooks/vendor-form-values';
import { VendorFields } from './vendor-fields';

const Form = styled.form`
  display: grid;
  gap: 1.25rem;
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  align-items: center;
  gap: 0.5rem;
  ${theme.media.mobile} {
    flex-direction: column-reverse;
    & > * { width: 100%; }
  }
`;

const LIST = '/vendors/list';
const initial = emptyVendorValues();

/** /vendors/create (SPEC §2 "Vendors", §5 "Vendor create"). */
export function VendorCreatePage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [values, setValues] = useState<VendorFormValues>(initial);
  const [errors, setErrors] = useState<Partial<Record<VendorField, string>>>({});
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const { dialog, allowLeave } = useUnsavedChanges(dirty);
  const create = useCreateVendor();

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

  const patch = (next: Partial<VendorFormValues>) => {
    setValues((v) => ({ ...v, ...next }));
    // Editing a field clears its message.
    setErrors((e) => {
      const copy = { ...e };
      for (const key of Object.keys(next) as VendorField[]) delete copy[key];
      return copy;
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending || !hasRequiredFields(values)) return;
    const problem = validateCreate(values);
    if (problem) {
      setErrors({ [problem.field]: problem.message });
      toast({ title: problem.message, variant: 'destructive' });
      document.getElementById(`vendor-${problem.field}`)?.focus();
      return;
    }
    create.mutate(valuesToBody(values), {
      onSuccess: (response) => {
        allowLeave();
        toast({ title: response.message || 'Vendor created successfully', variant: 'success' });
        void navigate(`/vendors/detail?id=${encodeURIComponent(response.vendor._id)}`);
      },
      onError: (error) => {
        // 409: 'A vendor with this name already exists', next to the name; everything typed stays.
        if (error instanceof ApiError && error.status === 409) setErrors({ name: error.message });
        toast({ title: errorMessage(error), variant: 'destructive' });
      },
    });
  };

  return (
    <>
      <PageHeader
        title="Create Vendor"
        description="Add a supplier to the vendor master"
        badge={dirty ? <Badge variant="outline">You have unsaved changes</Badge> : undefined}
      />
      <Form onSubmit={onSubmit} noValidate aria-busy={create.isPending}>
        <VendorFields values={values} onChange={patch} errors={errors} disabled={create.isPending} />
        <Actions>
          <Button variant="outline" onClick={() => void navigate(LIST)} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending || !hasRequiredFields(values)}>
            {create.isPending && <Spinner />}
            {create.isPending ? 'Saving...' : 'Save Vendor'}
          </Button>
        </Actions>
        <ConfirmDialog
          {...dialog}
          title="Discard Changes?"
          description="You have unsaved changes. Are you sure you want to leave without saving?"
          cancelLabel="Keep Editing"
          confirmLabel="Discard Changes"
          destructive
        />
      </Form>
    </>
  );
}
