import { formatPhone, type Vendor } from '@erp/contracts';
import { ApiError, errorMessage } from '@erp/sdk';
import { Button, Card, CardContent, CardHeader, CardTitle, ConfirmDialog, formatDate, formatINR, Icon, Spinner, theme, toast } from '@erp/ui';
import { useUnsavedChanges } from '@erp/ui/remote';
import { useMemo, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useUpdateVendor } from '../api/update-vendor';
import { validateEdit, valuesToBody, vendorToValues, type VendorField, type VendorFormValues } from '../hooks/vendor-form-values';
import { VendorFields } from './vendor-fields';
import { VendorStatusBadge } from './vendor-status-badge';

const Header = styled(CardHeader)`
  display: flex;
  flex-direction: row;
  justify-content: space-between;
  align-items: center;
  gap: 0.75rem;
`;

const Details = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 1rem 1.5rem;
  & > div { min-width: 0; }
  & dt { font-size: 0.8125rem; color: ${theme.color.mutedForeground}; margin-bottom: 0.125rem; }
  & dd { margin: 0; overflow-wrap: anywhere; white-space: pre-line; }
  & .span-all { grid-column: 1 / -1; }
  ${theme.media.mobile} { grid-template-columns: 1fr; }
`;

const Form = styled.form`
  display: grid;
  gap: 1.25rem;
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

const dash = (value: string) => value || '—';

function VendorEditForm({ vendor, onDone }: { vendor: Vendor; onDone: () => void }) {
  const initial = useMemo(() => vendorToValues(vendor), [vendor]);
  const [values, setValues] = useState<VendorFormValues>(initial);
  const [errors, setErrors] = useState<Partial<Record<VendorField, string>>>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const { dialog, allowLeave } = useUnsavedChanges(dirty);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const update = useUpdateVendor();

  const patch = (next: Partial<VendorFormValues>) => {
    setValues((v) => ({ ...v, ...next }));
    setErrors((e) => {
      const copy = { ...e };
      for (const key of Object.keys(next) as VendorField[]) delete copy[key];
      return copy;
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const problem = validateEdit(values);
    if (problem) {
      setErrors({ [problem.field]: problem.message });
      toast({ title: problem.title, description: problem.message, variant: 'destructive' });
      return;
    }
    setConflict(null);
    update.mutate(
      { id: vendor._id, body: { ...valuesToBody(values), version: vendor.version } },
      {
        onSuccess: () => {
          allowLeave();
          toast({ title: 'Vendor Updated', description: 'Vendor information has been saved successfully.', variant: 'success' });
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            if (/name/i.test(error.message)) setErrors({ name: error.message });
            else setConflict(error.message);
          }
          toast({ title: errorMessage(error), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Form onSubmit={onSubmit} noValidate aria-busy={update.isPending}>
      {conflict && (
        <Conflict role="alert">
          <strong>Not saved: </strong>
          {conflict} Your changes are still here.
        </Conflict>
      )}
      <VendorFields values={values} onChange={patch} errors={errors} disabled={update.isPending} withStatus />
      <Actions>
        <Button variant="outline" onClick={() => (dirty ? setConfirmCancel(true) : onDone())} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending && <Spinner />}
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </Actions>
      <ConfirmDialog
        open={confirmCancel}
        title="Discard Changes?"
        description="You have unsaved changes. Are you sure you want to discard them?"
        cancelLabel="Keep Editing"
        confirmLabel="Discard Changes"
        destructive
        onConfirm={() => {
          setConfirmCancel(false);
          allowLeave();
          onDone();
        }}
        onCancel={() => setConfirmCancel(false)}
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

export interface VendorInfoProps {
  vendor: Vendor;
  canEdit: boolean;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
}

/** The vendor's information, read-only with an Edit button, or the edit form (SPEC §5 "Vendor edit"). */
export function VendorInfo({ vendor, canEdit, editing, onEditingChange }: VendorInfoProps) {
  if (editing) return <VendorEditForm key={vendor.version} vendor={vendor} onDone={() => onEditingChange(false)} />;
  return (
    <Card as="section" aria-labelledby="section-vendor-info">
      <Header>
        <CardTitle id="section-vendor-info" as="h2">
          Vendor Information
        </CardTitle>
        {canEdit && (
          <Button variant="outline" size="sm" onClick={() => onEditingChange(true)}>
            <Icon name="pencil" />
            Edit
          </Button>
        )}
      </Header>
      <CardContent>
        <Details>
          <div>
            <dt>Vendor ID</dt>
            <dd>{vendor.vendorId}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              <VendorStatusBadge status={vendor.status} />
            </dd>
          </div>
          <div>
            <dt>Contact Person</dt>
            <dd>{dash(vendor.contactPerson)}</dd>
          </div>
          <div>
            <dt>Phone</dt>
            <dd>{vendor.phoneNumber ? formatPhone(vendor.phoneNumber) : '—'}</dd>
          </div>
          <div>
            <dt>Alternate Phone</dt>
            <dd>{vendor.altPhoneNumber ? formatPhone(vendor.altPhoneNumber) : '—'}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{dash(vendor.email)}</dd>
          </div>
          <div>
            <dt>Alternate Email</dt>
            <dd>{dash(vendor.altEmail)}</dd>
          </div>
          <div>
            <dt>GSTIN</dt>
            <dd>{dash(vendor.gstin)}</dd>
          </div>
          <div>
            <dt>Payment Terms</dt>
            <dd>
              {vendor.paymentTerms} {vendor.paymentTerms === 1 ? 'day' : 'days'}
            </dd>
          </div>
          <div>
            <dt>Outstanding</dt>
            <dd>{formatINR(vendor.wallet, 0)}</dd>
          </div>
          <div>
            <dt>Purchase Orders</dt>
            <dd>
              {vendor.totalPO} total, {vendor.openPO} open
            </dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>
              {formatDate(vendor.createdAt)}
              {vendor.createdBy ? ` by ${vendor.createdBy.name}` : ''}
            </dd>
          </div>
          <div className="span-all">
            <dt>Address</dt>
            <dd>{dash(vendor.address)}</dd>
          </div>
          {vendor.notes && (
            <div className="span-all">
              <dt>Notes</dt>
              <dd>{vendor.notes}</dd>
            </div>
          )}
        </Details>
      </CardContent>
    </Card>
  );
}
