import { Icon, LinkButton } from '@erp/ui';

/** The vendor ledger's way back to the accounts list. */
export function BackToAccounts() {
  return (
    <LinkButton to="/vendors/account-ledger" variant="outline">
      <Icon name="arrowLeft" />
      Back to Accounts
    </LinkButton>
  );
}
