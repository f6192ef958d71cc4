import { LEDGER_MESSAGES } from '@erp/contracts';
import { errorMessage } from '@erp/sdk';
import { EmptyState, ErrorPanel, Icon, LinkButton, PageHeader, theme, useNavigate } from '@erp/ui';
import { FormSection, isMissing, PageSkeleton, SearchPicker, useCurrentUser } from '@erp/ui/remote';
import { FormActions, FormField, FormShell } from '@erp/ui/remote-form';
import styled from 'styled-components';
import { usePaymentVendor, usePaymentVendorSearch } from '../api/search-vendors';
import { canAddPayment, canReadLedgers } from '../hooks/ledger-access';
import { parseId } from '../hooks/ledger-filters';
import { ledgerPath, ledgerRupees } from '../hooks/ledger-format';
import { type PaymentVendor } from '../hooks/payment-form-values';
import { usePaymentKit } from '../hooks/use-payment-kit';
import { PaymentFields } from './entry-fields';
import { useOverpaymentCheck } from './overpayment';
import { Balance } from './rupees';

const ACCOUNTS = '/vendors/account-ledger';

const Owed = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: 0.25rem 1rem;
  padding: 0.75rem 1rem;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  background: ${theme.color.muted};
  font-size: 0.875rem;
  & strong {
    font-size: 1.125rem;
  }
  & a {
    color: ${theme.color.primary};
    text-decoration: underline;
    text-underline-offset: 2px;
  }
`;

const Fields = styled.div`
  display: grid;
  gap: 1rem;
`;

const Narrow = styled.div`
  max-width: 44rem;
`;

/**
 * /vendors/payment (SPEC §2: there a placeholder; here a real screen): an Admin or an Accountant
 * records a payment to any vendor: the vendor picked by a search (or given as ?id=), what is owed to
 * them, then the payment's fields. 'Payment Added' and on to that vendor's ledger. Leaving with
 * unsaved changes asks first.
 */
export function PaymentPage({ vendorId: rawId }: { vendorId: string | null }) {
  const user = useCurrentUser();
  const id = parseId(rawId);
  const allowed = canAddPayment(user);
  const preset = usePaymentVendor(allowed ? id : null);

  if (!allowed) {
    return (
      <>
        <PageHeader title="Record Payment" />
        <EmptyState
          icon="lock"
          title="Access denied"
          description={
            canReadLedgers(user) ? `${LEDGER_MESSAGES.onlyPayments}.` : LEDGER_MESSAGES.accessDenied
          }
          action={
            <LinkButton to={ACCOUNTS} variant="outline">
              <Icon name="arrowLeft" />
              Back to Accounts
            </LinkButton>
          }
        />
      </>
    );
  }
  if (id && preset.isPending) return <PageSkeleton />;
  if (id && preset.isError && !isMissing(preset.error)) {
    return (
      <>
        <PageHeader title="Record Payment" />
        <ErrorPanel
          title="Could not load the vendor"
          message={errorMessage(preset.error)}
          onRetry={() => void preset.refetch()}
        />
      </>
    );
  }
  // An unknown ?id= starts with no vendor chosen.
  const vendor = id && preset.data ? preset.data : null;
  return <PaymentForm key={vendor?._id ?? 'none'} vendor={vendor} />;
}

function PaymentForm({ vendor: preset }: { vendor: PaymentVendor | null }) {
  const navigate = useNavigate();
  const { kit, today, amount } = usePaymentKit({
    id: 'vendor-payment',
    record: null,
    vendor: preset,
    onAdded: (response) => void navigate(ledgerPath(response.entry.vendor._id)),
  });
  const vendor = kit.values.vendor;
  const overpayment = useOverpaymentCheck(kit, vendor);

  return (
    <Narrow>
      <PageHeader
        title="Record Payment"
        description="A payment made to a vendor: it lowers what the business owes them"
      />
      <FormShell kit={{ ...kit, onSubmit: overpayment.submit }}>
        <FormSection title="Vendor" description="Who was paid">
          <Fields>
            <FormField
              kit={kit}
              name="vendor"
              label="Vendor"
              required
              render={(p) => (
                <SearchPicker<PaymentVendor>
                  id={p.id}
                  ref={p.ref}
                  value={(p.value as PaymentVendor | '' | null) || null}
                  onChange={(option) => p.onChange(option)}
                  useSearch={usePaymentVendorSearch}
                  optionKey={(v) => v._id}
                  valueLabel={(v) => `${v.name} (${v.vendorId})`}
                  describe={(v) => ({
                    label: v.name,
                    detail: `${v.vendorId} · owed ${ledgerRupees(v.outstanding)}`,
                  })}
                  placeholder="Search vendors by name or ID..."
                  noMatch={(keyword) => (keyword ? `No vendors match “${keyword}”` : 'No vendors yet')}
                  errorTitle="Could not load vendors"
                  disabled={p.disabled}
                  aria-invalid={p['aria-invalid']}
                  aria-describedby={p['aria-describedby']}
                />
              )}
            />
            {vendor && (
              <Owed aria-live="polite">
                <span>
                  Outstanding with {vendor.name}:{' '}
                  <strong>
                    <Balance value={vendor.outstanding} />
                  </strong>
                  {amount > 0 && Number.isFinite(amount) && (
                    <>
                      {' '}
                      · after this payment <Balance value={vendor.outstanding - amount} />
                    </>
                  )}
                </span>
                <LinkButton to={ledgerPath(vendor._id)} variant="ghost" size="sm">
                  View Ledger
                </LinkButton>
              </Owed>
            )}
          </Fields>
        </FormSection>
        <FormSection title="Payment" description="Amount, date, how it was paid and its reference">
          <Fields>
            <PaymentFields kit={kit} today={today} />
          </Fields>
        </FormSection>
        <FormActions kit={kit} onCancel={() => void navigate(ACCOUNTS)} saveLabel="Add Payment" />
      </FormShell>
      {overpayment.dialog}
    </Narrow>
  );
}
