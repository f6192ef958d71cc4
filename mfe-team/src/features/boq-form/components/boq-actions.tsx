import { Button, formatINR, Icon, Spinner, theme } from '@erp/ui';
import { SectionCard, StickyBar } from '@erp/ui/remote';
import { forwardRef, useState } from 'react';
import styled from 'styled-components';
import type { BoqSaveStatus, SaveBlocker } from '../hooks/boq-form-values';

export interface BoqActionState {
  projectLabel: string | null;
  lineCount: number;
  total: number;
  blockers: SaveBlocker[];
  saving: boolean;
  /** Which button started the save in progress. */
  pending: BoqSaveStatus | null;
  onDraft: () => void;
  onConfirm: () => void;
  /** Takes the user to the field a blocker is about. */
  onBlocker: (blocker: SaveBlocker) => void;
}

const Terms = styled.dl`
  margin: 0;
  display: grid;
  gap: 0.625rem;
  font-size: 0.875rem;
  /* A value that does not fit beside its label goes under it, right-aligned (a crore-sized total in the 18rem column). */
  & > div {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 0.125rem 1rem;
  }
  & dt {
    color: ${theme.color.mutedForeground};
    white-space: nowrap;
  }
  & dd {
    margin: 0 0 0 auto;
    min-width: 0;
    text-align: right;
    font-weight: 500;
    overflow-wrap: anywhere;
    font-variant-numeric: tabular-nums;
  }
  & .total dd {
    font-size: 1rem;
    font-weight: 700;
  }
`;

/** Desktop: Summary (SPEC §5: project name or 'Not selected', total items; and the total amount). */
export function SummaryCard({
  projectLabel,
  lineCount,
  total,
}: Pick<BoqActionState, 'projectLabel' | 'lineCount' | 'total'>) {
  return (
    <SectionCard titleId="boq-summary-title" title="Summary">
      <Terms>
        <div>
          <dt>Project</dt>
          <dd>{projectLabel ?? 'Not selected'}</dd>
        </div>
        <div>
          <dt>Total Items</dt>
          <dd>{lineCount.toLocaleString('en-IN')}</dd>
        </div>
        <div className="total">
          <dt>Total Amount</dt>
          <dd>{formatINR(total)}</dd>
        </div>
      </Terms>
    </SectionCard>
  );
}

const Hint = styled.div`
  font-size: 0.8125rem;
  color: ${theme.color.mutedForeground};
  & ul {
    margin: 0.25rem 0 0;
    padding: 0;
    list-style: none;
    display: grid;
    gap: 0.125rem;
  }
  & li {
    display: flex;
    gap: 0.375rem;
  }
  & li::before {
    content: '•';
  }
  & button {
    display: inline;
    padding: 0;
    border: 0;
    background: none;
    font: inherit;
    color: inherit;
    text-align: left;
    text-decoration: underline dotted;
    text-underline-offset: 2px;
    cursor: pointer;
  }
  & button:hover {
    color: ${theme.color.foreground};
  }
`;

/** Why the buttons are disabled (SPEC §6's rule, told): each reason takes the user to its field. */
function BlockerHint({
  blockers,
  onBlocker,
  id,
  compact,
}: {
  blockers: SaveBlocker[];
  onBlocker: BoqActionState['onBlocker'];
  id: string;
  compact?: boolean;
}) {
  // The phone's bar shows the first reason; 'and N more' opens the rest where they are.
  const [open, setOpen] = useState(false);
  if (blockers.length === 0) return null;
  const folded = compact && !open && blockers.length > 1;
  const shown = folded ? blockers.slice(0, 1) : blockers;
  return (
    <Hint id={id} role="status">
      <span>To save, complete the BOQ:</span>
      <ul>
        {shown.map((b) => (
          <li key={b.field}>
            <button type="button" onClick={() => onBlocker(b)}>
              {b.message}
            </button>
          </li>
        ))}
        {folded && (
          <li>
            <button type="button" aria-expanded={false} onClick={() => setOpen(true)}>
              and {blockers.length - 1} more
            </button>
          </li>
        )}
      </ul>
    </Hint>
  );
}

function SaveButtons({ state, stacked }: { state: BoqActionState; stacked?: boolean }) {
  const blocked = state.blockers.length > 0;
  const describedBy = blocked ? (stacked ? 'boq-actions-hint' : 'boq-bar-hint') : undefined;
  return (
    <>
      <Button
        variant="outline"
        onClick={state.onDraft}
        disabled={blocked || state.saving}
        aria-describedby={describedBy}
      >
        {state.pending === 'draft' ? <Spinner /> : null}
        {state.pending === 'draft' ? 'Saving...' : 'Save as Draft'}
      </Button>
      <Button onClick={state.onConfirm} disabled={blocked || state.saving} aria-describedby={describedBy}>
        {state.pending === 'confirmed' ? <Spinner /> : <Icon name="check" />}
        {state.pending === 'confirmed' ? 'Saving...' : 'Confirm'}
      </Button>
    </>
  );
}

const Stack = styled.div`
  display: grid;
  gap: 0.5rem;
`;

/** Desktop: the Actions card (SPEC §5: 'Save as Draft' and 'Confirm'). */
export const ActionsCard = forwardRef<HTMLElement, { state: BoqActionState }>(function ActionsCard(
  { state },
  ref,
) {
  return (
    <SectionCard titleId="boq-actions-title" title="Actions" ref={ref}>
      <Stack>
        <SaveButtons state={state} stacked />
        <BlockerHint blockers={state.blockers} onBlocker={state.onBlocker} id="boq-actions-hint" />
      </Stack>
    </SectionCard>
  );
});

/** Toasts never cover it (data-keep-clear, decision 0038). */
const Bar = styled(StickyBar)`
  bottom: 0;
  gap: 0.75rem 1rem;
  & > .totals {
    flex: 1 1 12rem;
    min-width: 0;
    display: grid;
    gap: 0.125rem;
    font-size: 0.875rem;
  }
  & > .totals strong {
    font-variant-numeric: tabular-nums;
  }
  & > .buttons {
    display: flex;
    gap: 0.5rem;
  }
  ${theme.media.mobile} {
    /* Above the shell's bottom navigation. */
    bottom: calc(${theme.layout.bottomBar} + env(safe-area-inset-bottom) + 0.5rem);
    padding: 0.625rem 0.75rem;
    & > .buttons {
      width: 100%;
    }
    & > .buttons > * {
      flex: 1;
    }
  }
`;

/**
 * The actions within reach wherever the user is in a long BOQ: on phones always (the Actions card is
 * a desktop card), on desktops while the Actions card is scrolled away.
 */
export function StickyActionBar({ state }: { state: BoqActionState }) {
  return (
    <Bar role="region" aria-label="BOQ actions">
      <div className="totals">
        <span>
          {state.lineCount.toLocaleString('en-IN')} {state.lineCount === 1 ? 'item' : 'items'} ·{' '}
          <strong>{formatINR(state.total)}</strong>
        </span>
        <BlockerHint blockers={state.blockers} onBlocker={state.onBlocker} id="boq-bar-hint" compact />
      </div>
      <div className="buttons">
        <SaveButtons state={state} />
      </div>
    </Bar>
  );
}
