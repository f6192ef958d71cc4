/**
 * The invoice photo before it is sent (decision 0022): JPEG, PNG or WebP recognised by its first
 * bytes, as the service does, at most 5 MB; its file name from the invoice number. And the camera's
 * messages (SPEC §8 "Camera messages"), in plain words.
 */
import { MAX_PHOTO_BYTES, PO_MESSAGES, type PhotoType } from '@erp/contracts';

/** The picker offers what the service takes. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';

/** Captured photos: JPEG at this quality (a readable invoice, well under the 5 MB limit). */
export const JPEG_QUALITY = 0.85;

/** The camera's picture is 4:3 (SPEC §2). */
export const CAMERA_ASPECT = 4 / 3;

export const CAMERA_MESSAGES = {
  /** SPEC §8: no camera accessible. */
  noCamera: 'No camera could be accessed on this device. You can choose a photo of the invoice instead.',
  /** SPEC §8: permission denied (refresh and give camera permission). */
  permissionDenied:
    'Camera permission was denied. Please refresh the page and give camera permission, or choose a photo instead.',
  /** SPEC §8: cannot switch camera with only one device. */
  oneCamera: 'Cannot switch camera: only one camera was found on this device.',
  /** SPEC §8: canvas not supported. */
  noCanvas:
    'This browser does not support the canvas needed to capture a photo. Please choose a photo instead.',
  /** SPEC §2 / §8 toasts. */
  captured: 'Captured Successfully',
  notCaptured: 'No photo captured',
} as const;

/** JPEG, PNG or WebP by the first bytes (the service's own test, services/po/src/routes/po.ts photoType). */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'image/png';
  const text = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && text(0, 4) === 'RIFF' && text(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

export type PhotoCheck = { ok: true; type: PhotoType } | { ok: false; message: string };

/** Whether the service would take this file: refused here first, in its words, without sending 5 MB for nothing. */
export async function checkPhoto(blob: Blob): Promise<PhotoCheck> {
  if (blob.size > MAX_PHOTO_BYTES) return { ok: false, message: PO_MESSAGES.photoTooLarge };
  if (blob.size === 0) return { ok: false, message: PO_MESSAGES.photoKind };
  const head = new Uint8Array(await blob.slice(0, 12).arrayBuffer());
  const type = sniffPhotoType(head);
  return type ? { ok: true, type } : { ok: false, message: PO_MESSAGES.photoKind };
}

const EXTENSIONS: Record<PhotoType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** 'invoice-INV-26-27-0042.jpg': the invoice photo named after its invoice (SPEC §2). */
export function photoFileName(invoiceNumber: string, type: string = 'image/jpeg'): string {
  const slug = invoiceNumber
    .trim()
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 60);
  const ext = EXTENSIONS[type as PhotoType] ?? 'jpg';
  return `invoice-${slug || 'photo'}.${ext}`;
}

/** 1.2 MB, 840 KB */
export function formatBytes(size: number): string {
  if (size >= 1024 * 1024) return `${(size / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(size / 1024))} KB`;
}

/** What a getUserMedia failure means for the user (SPEC §8), by the DOMException's name. */
export function cameraErrorMessage(error: unknown): string {
  const name =
    typeof error === 'object' && error !== null && 'name' in error
      ? String((error as { name: unknown }).name)
      : '';
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError' || name === 'SecurityError')
    return CAMERA_MESSAGES.permissionDenied;
  return CAMERA_MESSAGES.noCamera;
}

/** Whether this page can ask for a camera at all (a secure page with getUserMedia). */
export function cameraSupported(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/**
 * The part of a `width` x `height` frame that is 4:3, centred: what is drawn when the camera gave
 * another shape than asked (some phones answer 16:9 whatever is asked).
 */
export function cropTo43(width: number, height: number): { sx: number; sy: number; sw: number; sh: number } {
  if (width <= 0 || height <= 0) return { sx: 0, sy: 0, sw: width, sh: height };
  const landscape = width >= height;
  const ratio = landscape ? CAMERA_ASPECT : 1 / CAMERA_ASPECT;
  if (width / height > ratio) {
    const sw = Math.round(height * ratio);
    return { sx: Math.round((width - sw) / 2), sy: 0, sw, sh: height };
  }
  const sh = Math.round(width / ratio);
  return { sx: 0, sy: Math.round((height - sh) / 2), sw: width, sh };
}
