import { api, call } from '@erp/sdk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { poKeys } from '../../shared/api/po-keys';

/**
 * GET /po/{id}/photos/{photoId}: a receipt's invoice photo. It needs the bearer token, so it is
 * fetched (not an <img src>) and shown from a blob object URL.
 */
export async function getPoPhoto(poId: string, photoId: string, signal?: AbortSignal): Promise<Blob> {
  const file = await call(api, 'po.photo', {
    params: { id: poId, photoId },
    fallbackName: 'invoice-photo',
    signal,
  });
  return file.blob;
}

export const poPhotoQueryOptions = (poId: string, photoId: string) =>
  queryOptions({
    queryKey: poKeys('photo', poId, photoId),
    queryFn: ({ signal }) => getPoPhoto(poId, photoId, signal),
    // A photo never changes; it is dropped from memory as soon as no dialog shows it.
    staleTime: Infinity,
    gcTime: 0,
  });

export const usePoPhoto = (poId: string, photoId: string | null) =>
  useQuery({ ...poPhotoQueryOptions(poId, photoId ?? ''), enabled: Boolean(photoId) });
