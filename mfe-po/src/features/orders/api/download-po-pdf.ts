import { api, call, saveFile } from '@erp/sdk';
import { useMutation } from '@tanstack/react-query';

export interface PoPdfInput {
  id: string;
  /** Names the file when the server suggests none: PO-000001.pdf. */
  poNumber: string;
}

/** GET /po/{id}/pdf: the printable PO the server renders; the browser saves it under the server's name. */
export async function downloadPoPdf({ id, poNumber }: PoPdfInput): Promise<void> {
  const file = await call(api, 'po.pdf', {
    params: { id },
    fallbackName: `${poNumber || 'purchase-order'}.pdf`,
  });
  saveFile(file);
}

export const useDownloadPoPdf = () => useMutation({ mutationFn: downloadPoPdf });
