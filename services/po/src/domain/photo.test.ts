import { describe, expect, it } from 'vitest';
import { photoFileName, photoType } from './photo.js';

describe('an invoice photo', () => {
  it('is known by its first bytes: JPEG, PNG, WebP, nothing else', () => {
    expect(photoType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(photoType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(photoType(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(photoType(Buffer.from('GIF89a'))).toBeNull();
    expect(photoType(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(photoType(Buffer.from([0xff, 0xd8]))).toBeNull();
  });

  it('downloads as <PO number>-invoice with only safe characters and the type’s extension', () => {
    expect(photoFileName('PO-000042', 'image/jpeg')).toBe('PO-000042-invoice.jpg');
    expect(photoFileName('PO-000042', 'image/png')).toBe('PO-000042-invoice.png');
    expect(photoFileName('PO "1"\r\n/..', 'image/webp')).toBe('PO-1--invoice.webp');
  });
});
