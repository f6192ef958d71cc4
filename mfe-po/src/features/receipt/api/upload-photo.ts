import type { PhotoResponse } from '@erp/contracts';
import { api, call } from '@erp/sdk';

/**
 * POST /po/{id}/photos: the invoice photo as multipart/form-data in the field `photo` (decision
 * 0022: uploaded first, then named by the receipt's photoId). Answers the stored photo's id.
 */
export function uploadPhoto(
  poId: string,
  photo: Blob,
  fileName: string,
  signal?: AbortSignal,
): Promise<PhotoResponse> {
  const body = new FormData();
  body.append('photo', photo, fileName);
  return call(api, 'po.uploadPhoto', { params: { id: poId }, body, signal });
}
