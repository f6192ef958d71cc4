import type { VendorLedgerResponse } from '@erp/contracts';
import { Button, Icon, PageHeader, Spinner, theme } from '@erp/ui';
import styled from 'styled-components';
import { VendorStatusBadge } from '../../shared/components/vendor-status-badge';
import { BackToAccounts } from './back-to-accounts';

const Title = styled.span`
  overflow-wrap: anywhere;
`;

const Facts = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem 1rem;
  & > span {
    white-space: nowrap;
  }
  & code {
    font-family: ${theme.font.mono};
    font-size: 0.8125rem;
  }
`;

const Refreshing = styled.span`
  display: inline-flex;
  margin-left: 0.5rem;
  vertical-align: middle;
`;

export interface LedgerHeaderProps {
  vendor: VendorLedgerResponse['vendor'];
  refreshing: boolean;
  /** The actions the user may take: each opens its dialog. */
  onStatement: () => void;
  onCreditNote: (() => void) | undefined;
  onPayment: (() => void) | undefined;
}

/**
 * A vendor ledger's header: the vendor's name and status, its display id, GSTIN and payment terms,
 * and the actions (Back to Accounts, Statement, Add Credit Note and Add Payment where allowed).
 */
export function LedgerHeader({
  vendor,
  refreshing,
  onStatement,
  onCreditNote,
  onPayment,
}: LedgerHeaderProps) {
  return (
    <PageHeader
      title={
        <>
          <Title>{vendor.name}</Title>
          {refreshing && (
            <Refreshing>
              <Spinner label="Refreshing" />
            </Refreshing>
          )}
        </>
      }
      badge={<VendorStatusBadge status={vendor.status} />}
      description={
        <Facts>
          <span>
            <code>{vendor.vendorId}</code>
          </span>
          <span>GSTIN {vendor.gstin ? <code>{vendor.gstin}</code> : 'not given'}</span>
          <span>
            Payment terms {vendor.paymentTerms} {vendor.paymentTerms === 1 ? 'day' : 'days'}
          </span>
        </Facts>
      }
      actions={
        <>
          <BackToAccounts />
          <Button variant="outline" onClick={onStatement}>
            <Icon name="file" />
            Statement
          </Button>
          {onCreditNote && (
            <Button variant="outline" onClick={onCreditNote}>
              <Icon name="plus" />
              Add Credit Note
            </Button>
          )}
          {onPayment && (
            <Button onClick={onPayment}>
              <Icon name="plus" />
              Add Payment
            </Button>
          )}
        </>
      }
    />
  );
}
