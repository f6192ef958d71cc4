/**
 * Invoice photos as the service keeps them (decision 0035): every upload is decoded whole by sharp
 * (libvips) and written again as a JPEG, turned upright from its EXIF orientation, without its
 * metadata (EXIF, GPS, ICC, XMP, comments). What does not decode is refused; what is served is only
 * ever an image this service made, never the bytes a phone (or anyone) sent.
 */
import type Sharp from 'sharp';

/** sharp (libvips), loaded on the first upload: most processes of the service never decode a photo. */
let loaded: Promise<typeof Sharp> | undefined;
const loadSharp = () => (loaded ??= import('sharp').then((m) => m.default));

/** Longest side kept: a phone's 4:3 invoice photo stays readable; a 50-megapixel file does not travel on. */
const MAX_SIDE = 3000;
/** Refuse images that would decode into more pixels than this (a small file can claim a huge canvas). */
const MAX_INPUT_PIXELS = 60_000_000;

/** The photo as a new JPEG, upright and without metadata; null when the bytes are not an image sharp can decode. */
export async function reencodePhoto(bytes: Buffer): Promise<Buffer | null> {
  try {
    const sharp = await loadSharp();
    return await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  } catch {
    return null;
  }
}
