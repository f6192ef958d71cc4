import type { IndentHistoryEntry } from '@erp/contracts';
import { formatDateTime, Icon, theme } from '@erp/ui';
import styled from 'styled-components';
import { actorName, lastSendBack } from '../hooks/indent-format';

const Box = styled.section`
  display: flex;
  gap: 0.75rem;
  align-items: flex-start;
  margin: 0 0 1.25rem;
  padding: 1rem 1.25rem;
  border: 1px solid #fecaca;
  border-left: 4px solid ${theme.color.destructive};
  border-radius: ${theme.radius.md};
  background: #fef2f2;
  & > svg {
    flex-shrink: 0;
    margin-top: 0.125rem;
    color: ${theme.color.destructive};
  }
  & h2 {
    font-size: 0.9375rem;
    font-weight: 600;
  }
  & p {
    margin: 0.25rem 0 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  & small {
    display: block;
    margin-top: 0.375rem;
    color: ${theme.color.mutedForeground};
    font-size: 0.8125rem;
  }
`;

export interface ReworkNoticeProps {
  /** The Admin's Overall Comment of the last send-back (Indent.reworkComment). */
  comment: string | null;
  history?: readonly IndentHistoryEntry[];
  /** Under the comment, e.g. 'Change the draft and send it for comparison again.' */
  advice?: string;
}

/** A draft sent back by the approver: why, by whom and when, above everything else on the page. */
export function ReworkNotice({ comment, history = [], advice }: ReworkNoticeProps) {
  if (!comment?.trim()) return null;
  const back = lastSendBack(history);
  return (
    <Box role="alert" aria-labelledby="indent-rework-title">
      <Icon name="alert" size={20} aria-hidden="true" />
      <div>
        <h2 id="indent-rework-title">Sent back for rework</h2>
        <p>{comment}</p>
        <small>
          {back ? `${actorName(back.by)}, ${formatDateTime(back.at)}` : null}
          {back && advice ? ' · ' : null}
          {advice}
        </small>
      </div>
    </Box>
  );
}
