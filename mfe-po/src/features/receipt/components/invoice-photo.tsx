/**
 * The invoice photo (SPEC §2: 'Take a Photo', 'Capture Photo', 'Switch Camera', 'Cancel', 'Retake
 * Photo'; toasts 'Captured Successfully' and 'No photo captured'; 4:3; a JPEG named after the
 * invoice). Where the page cannot use a camera (no camera, no getUserMedia, an http page) a file
 * picker takes its place, and it is always there as the alternative. A chosen file that the service
 * would refuse (not a JPEG, PNG or WebP, above 5 MB) is refused here, before anything is sent.
 */
import { Button, Icon, Spinner, theme, toast } from '@erp/ui';
import { FormSection } from '@erp/ui/remote';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { CAMERA_MESSAGES, checkPhoto, formatBytes, PHOTO_ACCEPT, photoFileName } from '../hooks/photo-check';
import { useFieldValue, type ReceiptStore } from '../hooks/receipt-store';
import { useCamera, useHasCamera } from '../hooks/use-camera';

export interface ChosenPhoto {
  blob: Blob;
  source: 'camera' | 'file';
}

const Frame = styled.div`
  position: relative;
  width: 100%;
  max-width: 36rem;
  aspect-ratio: 4 / 3;
  border-radius: ${theme.radius.md};
  overflow: hidden;
  background: #0b0b0f;
  & > video,
  & > img {
    width: 100%;
    height: 100%;
    display: block;
  }
  & > video {
    object-fit: cover;
  }
  & > img {
    object-fit: contain;
    background: ${theme.color.muted};
  }
  & > .starting {
    position: absolute;
    inset: 0;
    display: grid;
    place-items: center;
    color: #fff;
    gap: 0.5rem;
  }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin-top: 0.75rem;
  & > * {
    min-height: 2.75rem;
  }
  ${theme.media.mobile} {
    display: grid;
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    & > * {
      min-width: 0;
      width: 100%;
      padding-left: 0.5rem;
      padding-right: 0.5rem;
      gap: 0.375rem;
    }
    & svg {
      flex-shrink: 0;
    }
    & > .wide {
      grid-column: 1 / -1;
    }
  }
`;

const Note = styled.p<{ $tone?: 'error' | 'muted' }>`
  margin-top: 0.5rem;
  font-size: 0.875rem;
  color: ${(p) => (p.$tone === 'error' ? theme.color.destructive : theme.color.mutedForeground)};
`;

const Meta = styled.p`
  margin-top: 0.5rem;
  font-size: 0.8125rem;
  color: ${theme.color.mutedForeground};
  overflow-wrap: anywhere;
`;

const PickerLabel = styled.label`
  /* The file input is hidden; its label is the button (keyboard: the input keeps the focus ring below). */
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  height: 2.75rem;
  padding: 0 1rem;
  border: 1px solid ${theme.color.input};
  border-radius: ${theme.radius.md};
  background: ${theme.color.background};
  font-size: 0.875rem;
  font-weight: 500;
  cursor: pointer;
  white-space: nowrap;
  &:hover {
    background: ${theme.color.accent};
  }
  &:focus-within {
    outline: 2px solid ${theme.color.ring};
    outline-offset: 1px;
  }
  &[aria-disabled='true'] {
    opacity: 0.5;
    cursor: not-allowed;
  }
  & > input {
    position: absolute;
    width: 1px;
    height: 1px;
    opacity: 0;
    overflow: hidden;
  }
  & > svg {
    flex-shrink: 0;
  }
  & > .text {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  ${theme.media.mobile} {
    padding: 0 0.5rem;
    gap: 0.375rem;
  }
`;

function CameraGlyph() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M4 7h3l2-3h6l2 3h3a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1z" />
      <circle cx="12" cy="13" r="4" />
    </svg>
  );
}

/** The preview of a Blob, its object URL revoked when it changes or goes. */
function usePreviewUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

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
  const camera = useCamera(video);
  const picker = useRef<HTMLInputElement>(null);
  const pickerId = useId();
  const [message, setMessage] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [busy, setBusy] = useState(false);
  const hasCamera = useHasCamera();
  const invoiceNumber = useFieldValue(store, 'invoiceNumber');
  const preview = usePreviewUrl(photo?.blob ?? null);
  const open = camera.state !== 'off';

  const fail = (text: string) => {
    setMessage(text);
    toast({ title: text, variant: 'destructive' });
  };

  const takePhoto = async () => {
    setMessage(null);
    const problem = await camera.start();
    if (problem) fail(problem);
  };

  const capture = async () => {
    setBusy(true);
    try {
      const result = await camera.capture();
      if (typeof result === 'string') {
        // 'No photo captured', or the canvas is not supported.
        fail(result);
        if (result === CAMERA_MESSAGES.noCanvas) camera.stop();
        return;
      }
      const check = await checkPhoto(result);
      if (!check.ok) {
        fail(check.message);
        return;
      }
      camera.stop();
      setMessage(null);
      onPhoto({ blob: result, source: 'camera' });
      toast({ title: CAMERA_MESSAGES.captured, variant: 'success' });
    } finally {
      setBusy(false);
    }
  };

  const switchCamera = async () => {
    setBusy(true);
    try {
      const problem = await camera.switchCamera();
      if (problem) fail(problem);
    } finally {
      setBusy(false);
    }
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // The same file chosen again (after Remove) must fire a change again.
    input.value = '';
    if (!file) return;
    setChecking(true);
    try {
      const check = await checkPhoto(file);
      if (!check.ok) {
        fail(check.message);
        return;
      }
      camera.stop();
      setMessage(null);
      onPhoto({ blob: file, source: 'file' });
    } finally {
      setChecking(false);
    }
  };

  const filePicker = (label: string, wide = false) => (
    <PickerLabel
      htmlFor={pickerId}
      aria-disabled={disabled || checking || undefined}
      className={wide ? 'wide' : undefined}
    >
      <input
        ref={picker}
        id={pickerId}
        type="file"
        accept={PHOTO_ACCEPT}
        capture="environment"
        onChange={(e) => void choose(e)}
        disabled={disabled || checking}
      />
      {checking ? <Spinner /> : <Icon name="file" />}
      <span className="text">{label}</span>
    </PickerLabel>
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
        <>
          <Frame>
            <video ref={video} autoPlay playsInline muted aria-label="Camera preview" />
            {camera.state === 'starting' && (
              <div className="starting">
                <Spinner />
              </div>
            )}
          </Frame>
          <Buttons>
            <Button
              size="lg"
              className="wide"
              onClick={() => void capture()}
              disabled={disabled || busy || camera.state !== 'on'}
            >
              <CameraGlyph />
              Capture Photo
            </Button>
            <Button
              size="lg"
              variant="outline"
              onClick={() => void switchCamera()}
              disabled={disabled || busy || camera.state !== 'on'}
            >
              <Icon name="refresh" />
              Switch Camera
            </Button>
            <Button size="lg" variant="outline" onClick={camera.stop} disabled={busy}>
              <Icon name="x" />
              Cancel
            </Button>
          </Buttons>
        </>
      ) : photo ? (
        <>
          <Frame>
            {preview && (
              <img src={preview} alt={`Invoice photo ${photoFileName(invoiceNumber, photo.blob.type)}`} />
            )}
          </Frame>
          <Meta>
            {photoFileName(invoiceNumber, photo.blob.type)} · {formatBytes(photo.blob.size)}
            {kept ? '' : ' · could not be kept on this device: it is lost if the page is reloaded'}
          </Meta>
          <Buttons>
            <Button size="lg" variant="outline" onClick={retake} disabled={disabled}>
              <CameraGlyph />
              Retake Photo
            </Button>
            {filePicker('Choose a Photo')}
            <Button
              size="lg"
              variant="ghost"
              className="wide"
              onClick={() => onPhoto(null)}
              disabled={disabled}
            >
              <Icon name="trash" />
              Remove Photo
            </Button>
          </Buttons>
        </>
      ) : (
        <>
          <Buttons>
            {hasCamera && (
              <Button size="lg" onClick={() => void takePhoto()} disabled={disabled}>
                <CameraGlyph />
                Take a Photo
              </Button>
            )}
            {filePicker('Choose a Photo', !hasCamera)}
          </Buttons>
          {!hasCamera && <Note>{CAMERA_MESSAGES.noCamera}</Note>}
        </>
      )}
      {shownError && (
        <Note $tone="error" role="alert">
          {shownError}
        </Note>
      )}
    </FormSection>
  );
}
