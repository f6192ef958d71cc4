import { formatPhone, type Vendor } from '@erp/contracts';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  formatDate,
  formatINR,
  Icon,
  theme,
  toast,
} from '@erp/ui';
import { hasFormDraft } from '@erp/ui/remote';
import { FormActions, FormShell, useFormKit } from '@erp/ui/remote-form';
import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { useVendor } from '../api/get-vendor';
import { useUpdateVendor } from '../api/update-vendor';
import {
  NAME_TAKEN,
  valuesToBody,
  vendorContract,
  vendorEditToast,
  vendorToValues,
} from '../hooks/vendor-form-values';
import { VendorFields } from './vendor-fields';
import { VendorStatusBadge } from '../../shared/components/vendor-status-badge';

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
  & > div {
    min-width: 0;
  }
  & dt {
    font-size: 0.8125rem;
    color: ${theme.color.mutedForeground};
    margin-bottom: 0.125rem;
  }
  & dd {
    margin: 0;
    overflow-wrap: anywhere;
    white-space: pre-line;
  }
  & .span-all {
    grid-column: 1 / -1;
  }
  ${theme.media.mobile} {
    grid-template-columns: 1fr;
  }
`;

const dash = (value: string) => value || '—';

function VendorEditForm({ vendor, onDone }: { vendor: Vendor; onDone: () => void }) {
  const initial = useMemo(() => vendorToValues(vendor), [vendor]);
  const update = useUpdateVendor();
  const latest = useVendor(vendor._id);
  const kit = useFormKit({
    id: 'vendor',
    record: vendor,
    initial,
    contract: vendorContract.update,
    problemToast: vendorEditToast,
    save: (values, version) =>
      update.mutateAsync({ id: vendor._id, body: { ...valuesToBody(values), version } }),
    onSaved: () => {
      toast({
        title: 'Vendor Updated',
        description: 'Vendor information has been saved successfully.',
        variant: 'success',
      });
      onDone();
    },
    conflictField: (message) => (/name/i.test(message) ? NAME_TAKEN : undefined),
    latest: { refetch: latest.refetch, toValues: vendorToValues },
  });

  return (
    <FormShell kit={kit}>
      <VendorFields kit={kit} withStatus />
      <FormActions kit={kit} onCancel={() => kit.discard(onDone)} saveLabel="Save Changes" />
    </FormShell>
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
  // Changes not saved before a crash (Retry) or a reload open the edit mode again, with them in it.
  const [hadDraft] = useState(
    () => canEdit && hasFormDraft({ form: 'vendor', record: vendor._id, version: vendor.version }),
  );
  useEffect(() => {
    if (hadDraft) onEditingChange(true);
  }, [hadDraft, onEditingChange]);
  if (editing) return <VendorEditForm vendor={vendor} onDone={() => onEditingChange(false)} />;
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
