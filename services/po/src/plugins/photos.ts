/**
 * Invoice photos as the service keeps them (decision 0035): every upload is decoded whole by sharp
 * (libvips) and written again as a JPEG, turned upright from its EXIF orientation, without its
 * metadata (EXIF, GPS, ICC, XMP, comments). What does not decode is refused; what is served is only
 * ever an image this service made, never the bytes a phone (or anyone) sent.
 */
import type { FastifyRequest } from 'fastify';
import type Sharp from 'sharp';
import { MAX_PHOTO_BYTES, PO_MESSAGES } from '@erp/contracts';
import { badRequest, HttpError } from '@erp/service-kit';
import { photoType } from '../domain/photo.js';

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

/**
 * The photo of a multipart upload (the field "photo"), read whole: 400 when the request is not
 * multipart, names another field or cannot be read; 413 when it is larger than the upload limit.
 */
export async function readUploadedPhoto(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart())
    throw badRequest('Upload the photo as multipart/form-data in the field "photo"');
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'photo') throw badRequest('Upload the photo in the field "photo"');
    return await file.toBuffer();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, PO_MESSAGES.photoTooLarge);
    throw badRequest(`The upload could not be read: ${(err as Error).message}`);
  }
}

/**
 * The photo as it is kept: a JPEG, PNG or WebP by its first bytes, decoded whole and written again
 * as a new JPEG (upright, no metadata), within the size limit. Throws 400 / 413 otherwise.
 */
export async function keptPhoto(bytes: Buffer): Promise<Buffer> {
  if (!photoType(bytes)) throw badRequest(PO_MESSAGES.photoKind);
  // Decoded whole and kept as a new JPEG (upright, no metadata): what is served is an image we made.
  const jpeg = await reencodePhoto(bytes);
  if (!jpeg) throw badRequest(PO_MESSAGES.photoUnreadable);
  if (jpeg.length > MAX_PHOTO_BYTES) throw new HttpError(413, PO_MESSAGES.photoTooLarge);
  return jpeg;
}
