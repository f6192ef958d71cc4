/** Invoice photos as uploaded and served (decision 0035): the kinds accepted, and the name a download gets. */
import type { PhotoType } from '@erp/contracts';

/** JPEG, PNG or WebP by its first bytes (never by the name or the declared type); null otherwise. */
export function photoType(bytes: Buffer): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'image/webp';
  return null;
}

/** '<PO number>-invoice.jpg' with only letters, digits, '-' and '_' (safe in a header and on any disk). */
export function photoFileName(poNumber: string, contentType: string): string {
  const base = `${poNumber}-invoice`.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 80) || 'invoice';
  return `${base}.${contentType === 'image/png' ? 'png' : contentType === 'image/webp' ? 'webp' : 'jpg'}`;
}
