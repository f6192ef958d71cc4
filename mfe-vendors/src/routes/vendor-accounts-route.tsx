import { EmptyState, Icon, LinkButton, PageHeader } from '@erp/ui';

/**
 * /vendors/account-ledger, /vendors/ledger, /vendors/payment…: the vendor ledger and payment screens
 * come in a later issue. Until then the path says so plainly, with a way back (decision 0010).
 */
export default function VendorAccountsRoute() {
  return (
    <>
      <PageHeader title="Vendor Accounts" description="Ledgers, payments and credit notes per vendor" />
      <EmptyState
        icon="truck"
        title="Vendor accounts are not available yet"
        description="Vendor ledgers, payments and credit notes arrive with purchase orders. Until then you can see and edit vendors in the vendor list."
        action={
          <LinkButton to="/vendors/list" variant="outline">
            <Icon name="arrowLeft" />
            Back to Vendor List
          </LinkButton>
        }
      />
    </>
  );
}
