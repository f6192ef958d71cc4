import type { IndentHistoryEntry } from '@erp/contracts';
import { formatDateTime, theme } from '@erp/ui';
import styled from 'styled-components';
import { IndentStatusBadge } from '../../shared/components/indent-status-badge';
import { actorName, transitionLabel } from '../../shared/hooks/indent-format';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0;
  & > li {
    position: relative;
    display: grid;
    gap: 0.25rem;
    padding: 0 0 1rem 1.5rem;
    border-left: 2px solid ${theme.color.border};
    margin-left: 0.375rem;
  }
  & > li:last-child {
    border-left-color: transparent;
    padding-bottom: 0;
  }
  & > li::before {
    content: '';
    position: absolute;
    left: -0.4375rem;
    top: 0.25rem;
    width: 0.75rem;
    height: 0.75rem;
    border-radius: 50%;
    background: ${theme.color.background};
    border: 2px solid ${theme.color.primary};
  }
`;

const Line = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  flex-wrap: wrap;
  font-size: 0.875rem;
  & > strong {
    font-weight: 600;
  }
  /* The arrow stays with the status it points to: a narrow screen wraps before it, not after it. */
  & > .to {
    display: inline-flex;
    align-items: center;
    gap: 0.5rem;
  }
  & .arrow {
    color: ${theme.color.mutedForeground};
  }
`;

const Meta = styled.p`
  margin: 0;
  font-size: 0.8125rem;
  color: ${theme.color.mutedForeground};
`;

const Comment = styled.blockquote`
  margin: 0.25rem 0 0;
  padding: 0.5rem 0.75rem;
  border-left: 3px solid ${theme.color.border};
  background: ${theme.color.muted};
  border-radius: ${theme.radius.sm};
  font-size: 0.875rem;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

/** Every transition of the indent, oldest first: what happened, who and when, from → to, the comment. */
export function IndentHistory({ history }: { history: IndentHistoryEntry[] }) {
  const entries = [...history].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <List aria-label="Status history">
      {entries.map((h, i) => (
        <li key={`${h.at}-${i}`}>
          <Line>
            <strong>{transitionLabel(h)}</strong>
            {h.from && <IndentStatusBadge status={h.from} />}
            <span className="to">
              {h.from && (
                <span className="arrow" aria-label="to">
                  →
                </span>
              )}
              <IndentStatusBadge status={h.to} />
            </span>
          </Line>
          <Meta>
            {actorName(h.by)} · <time dateTime={h.at}>{formatDateTime(h.at)}</time>
          </Meta>
          {h.comment && <Comment>{h.comment}</Comment>}
        </li>
      ))}
    </List>
  );
}
