import { theme } from '@erp/ui';
import styled from 'styled-components';
import { balanceParts, exactRupees, exactSigned, ledgerRupees, signedRupees } from '../hooks/ledger-format';

const Amount = styled.span<{ $tone?: 'plus' | 'minus' | undefined }>`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
  color: ${(p) => (p.$tone === 'minus' ? theme.color.success : 'inherit')};
  &[title] {
    text-decoration: underline dotted ${theme.color.mutedForeground};
    text-underline-offset: 3px;
    cursor: help;
  }
`;

/** Read by screen readers, not shown: the exact amount where the shown one is rounded. */
const Exact = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

export interface RupeesProps {
  /** Rupees (at most two decimals). */
  value: number;
  /** '+₹1,000' / '-₹1,000' for a movement of the balance. */
  signed?: boolean;
  className?: string;
}

/**
 * A ledger amount in whole rupees with Indian grouping (SPEC §9: ledgers show no decimals). When the
 * amount has paise, its exact value is the tooltip and what a screen reader reads, so a total never
 * loses paise silently (underlined dotted as a hint; the title is `Exact: ₹1,234.50`).
 */
export function Rupees({ value, signed = false, className }: RupeesProps) {
  const text = signed ? signedRupees(value) : ledgerRupees(value);
  const exact = signed ? exactSigned(value) : exactRupees(value);
  const tone = signed ? (value < 0 ? 'minus' : 'plus') : undefined;
  if (exact === null) {
    return (
      <Amount className={className} $tone={tone}>
        {text}
      </Amount>
    );
  }
  return (
    <Amount className={className} $tone={tone} title={`Exact: ${exact}`}>
      <span aria-hidden="true">{text}</span>
      <Exact>{exact}</Exact>
    </Amount>
  );
}

/**
 * A vendor's balance: the amount owed as Rupees, or, below zero, 'Advance ₹500' (more was paid
 * than was owed; the vendor holds it), never a negative outstanding.
 */
export function Balance({ value, className }: { value: number; className?: string }) {
  const { label, amount } = balanceParts(value);
  if (label === 'Outstanding') return <Rupees value={value} className={className} />;
  return (
    <span className={className}>
      Advance <Rupees value={amount} />
    </span>
  );
}
