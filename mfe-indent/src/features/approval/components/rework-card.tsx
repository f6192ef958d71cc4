import { INDENT_MESSAGES, INDENT_TEXT } from '@erp/contracts';
import { ApiError, errorMessage } from '@erp/sdk';
import { Button, Field, Icon, Spinner, Textarea, toast } from '@erp/ui';
import { SectionCard } from '@erp/ui/remote';
import { useRef, useState } from 'react';
import { useReworkIndent } from '../api/rework-indent';

export interface ReworkCardProps {
  indentId: string;
  version: number;
  disabled: boolean;
  /** After the send-back (toast shown): leave the page. */
  onSentBack: () => void;
  /** A 409 (someone changed the indent): the page offers a reload. */
  onConflict: (message: string) => void;
}

/** 'Send Back for Rework': an Overall Comment (required to send back) and 'Send Back' (POST /indent/rework/{id}). */
export function ReworkCard({ indentId, version, disabled, onSentBack, onConflict }: ReworkCardProps) {
  const [comment, setComment] = useState('');
  const rework = useReworkIndent(indentId);

  const inFlight = useRef(false);
  const send = () => {
    if (inFlight.current || rework.isPending) return;
    if (comment.trim() === '') {
      toast({ title: INDENT_MESSAGES.commentRequired, variant: 'destructive' });
      document.getElementById('rework-comment')?.focus();
      return;
    }
    inFlight.current = true;
    rework.mutate(
      { comment: comment.trim(), version },
      {
        onSettled: () => {
          inFlight.current = false;
        },
        onSuccess: () => {
          toast({ title: INDENT_MESSAGES.sentBack, variant: 'success' });
          onSentBack();
        },
        onError: (error) => {
          toast({ title: errorMessage(error), variant: 'destructive' });
          if (error instanceof ApiError && error.status === 409) onConflict(error.message);
        },
      },
    );
  };

  return (
    <SectionCard
      titleId="rework-title"
      title="Send Back for Rework"
      description="The indent returns to its creator as a draft, with your comment."
      contentStyle={{ display: 'grid', gap: '0.75rem' }}
    >
      <Field label="Overall Comment" htmlFor="rework-comment" hint="required if sending back">
        <Textarea
          id="rework-comment"
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          maxLength={INDENT_TEXT.comment}
          rows={3}
          placeholder="What should be changed before this indent comes back?"
          aria-describedby="rework-comment-msg"
          disabled={disabled || rework.isPending}
        />
      </Field>
      <Button
        variant="destructive"
        onClick={send}
        disabled={disabled || rework.isPending}
        aria-busy={rework.isPending || undefined}
      >
        {rework.isPending ? <Spinner /> : <Icon name="arrowLeft" />}
        {rework.isPending ? 'Sending...' : 'Send Back'}
      </Button>
    </SectionCard>
  );
}
