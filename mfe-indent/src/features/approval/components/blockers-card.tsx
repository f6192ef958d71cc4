import { overBoqText, type IndentLine } from '@erp/contracts';
import { formatNumber, Icon, theme } from '@erp/ui';
import { SectionCard } from '@erp/ui/remote';
import { useMemo } from 'react';
import styled from 'styled-components';
import { useChoices, type SelectionStore } from '../../shared/hooks/selection-store';
import { approvalBlockers, overBoqLines } from '../hooks/approval-logic';

const Items = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.25rem;
  max-height: 16rem;
  overflow-y: auto;
  & button {
    display: flex;
    align-items: flex-start;
    gap: 0.375rem;
    width: 100%;
    padding: 0.25rem 0.375rem;
    border: 0;
    border-radius: ${theme.radius.sm};
    background: none;
    font: inherit;
    font-size: 0.8125rem;
    text-align: left;
    color: inherit;
    cursor: pointer;
    &:hover {
      background: ${theme.color.accent};
    }
    &:focus-visible {
      outline: 2px solid ${theme.color.ring};
    }
    & > svg {
      flex-shrink: 0;
      margin-top: 0.125rem;
    }
  }
`;

const BlockerList = styled(Items)`
  color: ${theme.color.destructive};
`;

const WarningList = styled(Items)`
  color: #92400e;
`;

const Sub = styled.h3`
  font-size: 0.8125rem;
  font-weight: 600;
  margin: 0.75rem 0 0.25rem;
  color: ${theme.color.mutedForeground};
`;

const Clear = styled.p`
  display: flex;
  align-items: center;
  gap: 0.375rem;
  font-size: 0.875rem;
  color: ${theme.color.success};
`;

/** Brings an item's card into view. */
export function showItem(itemId: string) {
  const card = document.querySelector<HTMLElement>(`[data-item="${CSS.escape(itemId)}"]`);
  card?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  card?.querySelector<HTMLElement>('input:checked, input, textarea')?.focus({ preventScroll: true });
}

/**
 * 'Blockers (n)', computed live from the choices: a line without a vendor, a non-lowest vendor
 * without a reason. The Over-BOQ lines follow as warnings: they do not stop the approval.
 */
export function BlockersCard({ store, lines }: { store: SelectionStore; lines: readonly IndentLine[] }) {
  const choices = useChoices(store);
  const blockers = useMemo(() => approvalBlockers(lines, choices), [lines, choices]);
  const warnings = useMemo(() => overBoqLines(lines), [lines]);
  return (
    <SectionCard titleId="blockers-title" title={<>Blockers ({formatNumber(blockers.length)})</>}>
      {blockers.length === 0 ? (
        <Clear role="status">
          <Icon name="check" size={16} />
          Nothing blocks the approval.
        </Clear>
      ) : (
        <BlockerList aria-label="Blockers">
          {blockers.map((b) => (
            <li key={b.itemId}>
              <button type="button" onClick={() => showItem(b.itemId)}>
                <Icon name="alert" size={14} />
                {b.message}
              </button>
            </li>
          ))}
        </BlockerList>
      )}
      {warnings.length > 0 && (
        <>
          <Sub>Warnings ({formatNumber(warnings.length)}): quantities beyond the BOQ balance</Sub>
          <WarningList aria-label="Warnings">
            {warnings.map((l) => (
              <li key={l.itemId}>
                <button type="button" onClick={() => showItem(l.itemId)}>
                  <Icon name="alert" size={14} />
                  {l.itemName}: {overBoqText(l.overBoq, l.unit)}
                </button>
              </li>
            ))}
          </WarningList>
        </>
      )}
    </SectionCard>
  );
}
