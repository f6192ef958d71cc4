import type { PoReceipt } from '@erp/contracts';
import { errorMessage } from '@erp/sdk';
import { Button, Dialog, DialogFooter, ErrorPanel, formatDate, Spinner, theme } from '@erp/ui';
import styled from 'styled-components';
import { usePoPhoto } from '../api/get-po-photo';
import { useObjectUrl } from '../../shared/hooks/use-object-url';

const Frame = styled.div`
  display: grid;
  place-items: center;
  min-height: 12rem;
  border-radius: ${theme.radius.md};
  background: ${theme.color.muted};
  overflow: hidden;
  & > img {
    display: block;
    max-width: 100%;
    max-height: 65vh;
    object-fit: contain;
  }
`;

const FullSize = styled.a`
  display: inline-flex;
  align-items: center;
  font-size: 0.875rem;
  color: ${theme.color.primary};
  text-decoration: underline;
  text-underline-offset: 2px;
  margin-right: auto;
  align-self: center;
`;

export interface InvoicePhotoDialogProps {
  poId: string;
  /** The receipt whose photo is shown; null: closed. */
  receipt: PoReceipt | null;
  onClose: () => void;
}

/**
 * A receipt's invoice photo. It is fetched with the member's token (never a bare <img src>) and shown
 * from an object URL, revoked when the dialog closes.
 */
export function InvoicePhotoDialog({ poId, receipt, onClose }: InvoicePhotoDialogProps) {
  const photoId = receipt?.photo?._id ?? null;
  const photo = usePoPhoto(poId, photoId);
  const url = useObjectUrl(photoId ? photo.data : null);
  const title = receipt ? `Invoice ${receipt.invoice.invoiceNumber}` : 'Invoice photo';
  return (
    <Dialog
      open={receipt !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={
        receipt
          ? `Dated ${formatDate(receipt.invoice.invoiceDate)}, received ${formatDate(receipt.createdAt)}`
          : undefined
      }
    >
      {photo.isError ? (
        <ErrorPanel
          title="Could not load the photo"
          message={errorMessage(photo.error)}
          onRetry={() => void photo.refetch()}
        />
      ) : (
        <Frame>
          {url ? (
            <img src={url} alt={`Invoice ${receipt?.invoice.invoiceNumber ?? ''}`} />
          ) : (
            <Spinner label="Loading the photo" />
          )}
        </Frame>
      )}
      <DialogFooter>
        {url && (
          <FullSize href={url} target="_blank" rel="noreferrer">
            Open full size
          </FullSize>
        )}
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
