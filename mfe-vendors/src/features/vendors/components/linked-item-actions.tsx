import type { VendorItemLink } from '@erp/contracts';
import { Button, Icon, Spinner } from '@erp/ui';
import type { LinkedItemEdit } from '../hooks/use-linked-item-edit';

export interface LinkedItemActionsProps {
  link: VendorItemLink;
  edit: LinkedItemEdit;
  onRemove: (link: VendorItemLink) => void;
  /** Desktop rows keep the actions to icons (with tooltips) so the editable columns fit. */
  compact: boolean;
}

/** A linked item's row actions: Save and Cancel while it is edited, else Edit and Remove (while no row is edited). */
export function LinkedItemActions({ link: l, edit, onRemove, compact }: LinkedItemActionsProps) {
  const size = compact ? 'icon' : 'sm';
  const busy = edit.busy;
  if (edit.draftOf(l))
    return (
      <>
        <Button
          size={size}
          onClick={() => edit.save(l)}
          disabled={busy}
          aria-label="Save"
          title={compact ? 'Save' : undefined}
        >
          {busy ? <Spinner /> : <Icon name="check" />}
          {!compact && (busy ? 'Saving...' : 'Save')}
        </Button>
        <Button
          size={size}
          variant="outline"
          onClick={edit.cancel}
          disabled={busy}
          aria-label="Cancel"
          title={compact ? 'Cancel' : undefined}
        >
          <Icon name="x" />
          {!compact && 'Cancel'}
        </Button>
      </>
    );
  return (
    <>
      <Button
        size={size}
        variant="outline"
        onClick={() => edit.start(l)}
        disabled={edit.editing !== null}
        aria-label={`Edit ${l.itemName}`}
        title={compact ? 'Edit' : undefined}
      >
        <Icon name="pencil" />
        {!compact && 'Edit'}
      </Button>
      <Button
        size={size}
        variant="ghost"
        onClick={() => onRemove(l)}
        disabled={edit.editing !== null}
        aria-label={`Remove ${l.itemName}`}
        title={compact ? 'Remove' : undefined}
      >
        <Icon name="x" />
        {!compact && 'Remove'}
      </Button>
    </>
  );
}
