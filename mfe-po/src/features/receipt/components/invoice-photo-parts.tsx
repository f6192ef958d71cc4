/**
 * The invoice photo's three faces: the camera open (Capture Photo, Switch Camera, Cancel), the photo
 * taken or chosen (Retake Photo, Choose a Photo, Remove Photo), and nothing yet (Take a Photo, Choose
 * a Photo); and the file picker, a hidden file input whose label is the button.
 */
import { Button, Icon, Spinner } from '@erp/ui';
import type { ChangeEvent, ReactElement, RefObject } from 'react';
import { CAMERA_MESSAGES, formatBytes, PHOTO_ACCEPT, photoFileName } from '../hooks/photo-check';
import type { CameraState } from '../hooks/use-camera';
import { Buttons, Frame, Meta, Note, PickerLabel } from './invoice-photo-styles';

export function CameraGlyph() {
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

export interface FilePickerProps {
  id: string;
  label: string;
  /** Across the whole row on a phone (no camera button beside it). */
  wide: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  disabled: boolean;
  /** A chosen file is being checked. */
  checking: boolean;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
}

export function FilePicker({ id, label, wide, inputRef, disabled, checking, onChoose }: FilePickerProps) {
  return (
    <PickerLabel
      htmlFor={id}
      aria-disabled={disabled || checking || undefined}
      className={wide ? 'wide' : undefined}
    >
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={PHOTO_ACCEPT}
        capture="environment"
        onChange={onChoose}
        disabled={disabled || checking}
      />
      {checking ? <Spinner /> : <Icon name="file" />}
      <span className="text">{label}</span>
    </PickerLabel>
  );
}

export interface CameraViewProps {
  video: RefObject<HTMLVideoElement | null>;
  state: CameraState;
  disabled: boolean;
  /** Capturing or switching. */
  busy: boolean;
  onCapture: () => void;
  onSwitch: () => void;
  onCancel: () => void;
}

export function CameraView({ video, state, disabled, busy, onCapture, onSwitch, onCancel }: CameraViewProps) {
  return (
    <>
      <Frame>
        <video ref={video} autoPlay playsInline muted aria-label="Camera preview" />
        {state === 'starting' && (
          <div className="starting">
            <Spinner />
          </div>
        )}
      </Frame>
      <Buttons>
        <Button size="lg" className="wide" onClick={onCapture} disabled={disabled || busy || state !== 'on'}>
          <CameraGlyph />
          Capture Photo
        </Button>
        <Button size="lg" variant="outline" onClick={onSwitch} disabled={disabled || busy || state !== 'on'}>
          <Icon name="refresh" />
          Switch Camera
        </Button>
        <Button size="lg" variant="outline" onClick={onCancel} disabled={busy}>
          <Icon name="x" />
          Cancel
        </Button>
      </Buttons>
    </>
  );
}

export interface PhotoPreviewProps {
  blob: Blob;
  /** The photo's object URL (null until made). */
  preview: string | null;
  invoiceNumber: string;
  kept: boolean;
  disabled: boolean;
  /** The file picker ('Choose a Photo'). */
  picker: ReactElement;
  onRetake: () => void;
  onRemove: () => void;
}

export function PhotoPreview({
  blob,
  preview,
  invoiceNumber,
  kept,
  disabled,
  picker,
  onRetake,
  onRemove,
}: PhotoPreviewProps) {
  return (
    <>
      <Frame>
        {preview && <img src={preview} alt={`Invoice photo ${photoFileName(invoiceNumber, blob.type)}`} />}
      </Frame>
      <Meta>
        {photoFileName(invoiceNumber, blob.type)} · {formatBytes(blob.size)}
        {kept ? '' : ' · could not be kept on this device: it is lost if the page is reloaded'}
      </Meta>
      <Buttons>
        <Button size="lg" variant="outline" onClick={onRetake} disabled={disabled}>
          <CameraGlyph />
          Retake Photo
        </Button>
        {picker}
        <Button size="lg" variant="ghost" className="wide" onClick={onRemove} disabled={disabled}>
          <Icon name="trash" />
          Remove Photo
        </Button>
      </Buttons>
    </>
  );
}

export interface PhotoChoiceProps {
  hasCamera: boolean;
  disabled: boolean;
  /** The file picker ('Choose a Photo'; across the row without a camera). */
  picker: ReactElement;
  onTake: () => void;
}

export function PhotoChoice({ hasCamera, disabled, picker, onTake }: PhotoChoiceProps) {
  return (
    <>
      <Buttons>
        {hasCamera && (
          <Button size="lg" onClick={onTake} disabled={disabled}>
            <CameraGlyph />
            Take a Photo
          </Button>
        )}
        {picker}
      </Buttons>
      {!hasCamera && <Note>{CAMERA_MESSAGES.noCamera}</Note>}
    </>
  );
}
