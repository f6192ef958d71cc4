import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES, PO_MESSAGES } from '@erp/contracts';
import {
  cameraErrorMessage,
  CAMERA_MESSAGES,
  checkPhoto,
  cropTo43,
  photoFileName,
  sniffPhotoType,
} from './photo-check';

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const WEBP = new TextEncoder().encode('RIFF\x24\x00\x00\x00WEBPVP8 ');

describe('the invoice photo', () => {
  it('is recognised by its first bytes, as the service does', () => {
    expect(sniffPhotoType(JPEG)).toBe('image/jpeg');
    expect(sniffPhotoType(PNG)).toBe('image/png');
    expect(sniffPhotoType(WEBP)).toBe('image/webp');
    expect(sniffPhotoType(new TextEncoder().encode('GIF89a......'))).toBeNull();
    expect(sniffPhotoType(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });

  it('is refused before upload when it is not an image, whatever its declared type', async () => {
    expect(await checkPhoto(new Blob([JPEG], { type: 'text/plain' }))).toEqual({
      ok: true,
      type: 'image/jpeg',
    });
    expect(await checkPhoto(new Blob(['%PDF-1.7 ...'], { type: 'image/jpeg' }))).toEqual({
      ok: false,
      message: PO_MESSAGES.photoKind,
    });
    expect(await checkPhoto(new Blob([]))).toEqual({ ok: false, message: PO_MESSAGES.photoKind });
  });

  it('is refused above 5 MB, and taken at exactly 5 MB', async () => {
    const big = new Uint8Array(MAX_PHOTO_BYTES + 1);
    big.set(JPEG);
    expect(await checkPhoto(new Blob([big]))).toEqual({ ok: false, message: PO_MESSAGES.photoTooLarge });
    expect(await checkPhoto(new Blob([big.subarray(0, MAX_PHOTO_BYTES)]))).toEqual({
      ok: true,
      type: 'image/jpeg',
    });
  });

  it('is named after the invoice number', () => {
    expect(photoFileName('INV/26-27/0042')).toBe('invoice-INV-26-27-0042.jpg');
    expect(photoFileName('  ', 'image/png')).toBe('invoice-photo.png');
    expect(photoFileName('बिल 7', 'image/webp')).toBe('invoice-7.webp');
  });
});

describe('the camera', () => {
  it('says what went wrong in plain words (SPEC §8)', () => {
    expect(cameraErrorMessage(new DOMException('x', 'NotAllowedError'))).toBe(
      CAMERA_MESSAGES.permissionDenied,
    );
    expect(cameraErrorMessage(new DOMException('x', 'NotFoundError'))).toBe(CAMERA_MESSAGES.noCamera);
    expect(cameraErrorMessage(new DOMException('x', 'NotReadableError'))).toBe(CAMERA_MESSAGES.noCamera);
    expect(CAMERA_MESSAGES.permissionDenied).toMatch(/refresh the page and give camera permission/);
  });

  it('keeps a centred 4:3 part of whatever frame it gets', () => {
    expect(cropTo43(1920, 1080)).toEqual({ sx: 240, sy: 0, sw: 1440, sh: 1080 });
    expect(cropTo43(1080, 1920)).toEqual({ sx: 0, sy: 240, sw: 1080, sh: 1440 });
    expect(cropTo43(1600, 1200)).toEqual({ sx: 0, sy: 0, sw: 1600, sh: 1200 });
    expect(cropTo43(640, 640)).toEqual({ sx: 0, sy: 80, sw: 640, sh: 480 });
  });
});
