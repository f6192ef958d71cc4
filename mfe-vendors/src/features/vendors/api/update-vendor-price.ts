import type { UpdateVendorPriceBody } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { vendorKeys } from '../../shared/api/vendor-keys';

export interface UpdateVendorPriceInput {
  itemId: string;
  vendorId: string;
  /** Price, GST, MOQ, status, notes and the item's version (stale: 409). */
  body: UpdateVendorPriceBody;
}

export const updateVendorPrice = ({ itemId, vendorId, body }: UpdateVendorPriceInput) =>
  call(api, 'items.updateVendorPrice', { params: { id: itemId, vendorId }, body });

export function useUpdateVendorPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVendorPrice,
    onSuccess: (_response, { vendorId }) =>
      queryClient.invalidateQueries({ queryKey: vendorKeys('items', vendorId) }),
  });
}
