/**
 * The invoice photo (SPEC §2: 'Take a Photo', 'Capture Photo', 'Switch Camera', 'Cancel', 'Retake
 * Photo'; toasts 'Captured Successfully' and 'No photo captured'; 4:3; a JPEG named after the
 * invoice). Where the page cannot use a camera (no camera, no getUserMedia, an http page) a file
 * picker takes its place, and it is always there as the alternative. A chosen file that the service
 * would refuse (not a JPEG, PNG or WebP, above 5 MB) is refused here, before anything is sent.
 */
import { FormSection } from '@erp/ui/remote';
import { useId, useRef } from 'react';
import { useFieldValue, type ReceiptStore } from '../hooks/receipt-store';
import type { ChosenPhoto } from '../hooks/receipt-wizard-state';
import { useHasCamera } from '../hooks/use-camera';
import { useInvoicePhoto } from '../hooks/use-invoice-photo';
import { CameraView, FilePicker, PhotoChoice, PhotoPreview } from './invoice-photo-parts';
import { Note } from './invoice-photo-styles';
import { useObjectUrl } from '../../shared/hooks/use-object-url';

export type { ChosenPhoto };

export interface InvoicePhotoProps {
  store: ReceiptStore;
  photo: ChosenPhoto | null;
  onPhoto: (photo: ChosenPhoto | null) => void;
  /** Kept on this device (false: it would be lost on a reload). */
  kept: boolean;
  disabled: boolean;
  /** A problem the service reported about the photo (413, 400). */
  serverError: string | null;
}

export function InvoicePhoto({ store, photo, onPhoto, kept, disabled, serverError }: InvoicePhotoProps) {
  const video = useRef<HTMLVideoElement>(null);
  const { camera, message, checking, busy, takePhoto, capture, switchCamera, choose } = useInvoicePhoto(
    video,
    onPhoto,
  );
  const picker = useRef<HTMLInputElement>(null);
  const pickerId = useId();
  const hasCamera = useHasCamera();
  const invoiceNumber = useFieldValue(store, 'invoiceNumber');
  const preview = useObjectUrl(photo?.blob ?? null);
  const open = camera.state !== 'off';

  const filePicker = (label: string, wide = false) => (
    <FilePicker
      id={pickerId}
      label={label}
      wide={wide}
      inputRef={picker}
      disabled={disabled}
      checking={checking}
      onChoose={(e) => void choose(e)}
    />
  );

  const retake = () => {
    if (hasCamera) void takePhoto();
    else picker.current?.click();
  };

  const shownError = message ?? serverError;

  return (
    <FormSection
      title="Invoice Photo"
      description="A clear photo of the vendor's invoice (optional; JPEG, PNG or WebP up to 5 MB)"
    >
      {open ? (
        <CameraView
          video={video}
          state={camera.state}
          disabled={disabled}
          busy={busy}
          onCapture={() => void capture()}
          onSwitch={() => void switchCamera()}
          onCancel={camera.stop}
        />
      ) : photo ? (
        <PhotoPreview
          blob={photo.blob}
          preview={preview}
          invoiceNumber={invoiceNumber}
          kept={kept}
          disabled={disabled}
          picker={filePicker('Choose a Photo')}
          onRetake={retake}
          onRemove={() => onPhoto(null)}
        />
      ) : (
        <PhotoChoice
          hasCamera={hasCamera}
          disabled={disabled}
          picker={filePicker('Choose a Photo', !hasCamera)}
          onTake={() => void takePhoto()}
        />
      )}
      {shownError && (
        <Note $tone="error" role="alert">
          {shownError}
        </Note>
      )}
    </FormSection>
  );
}
