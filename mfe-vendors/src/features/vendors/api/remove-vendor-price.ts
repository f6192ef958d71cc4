import { api, call } from '@erp/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { vendorKeys } from '../../shared/api/vendor-keys';

export interface RemoveVendorPriceInput {
  itemId: string;
  vendorId: string;
}

export const removeVendorPrice = ({ itemId, vendorId }: RemoveVendorPriceInput) =>
  call(api, 'items.removeVendorPrice', { params: { id: itemId, vendorId } });

export function useRemoveVendorPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeVendorPrice,
    onSuccess: (_response, { vendorId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: vendorKeys('items', vendorId) }),
        queryClient.invalidateQueries({ queryKey: vendorKeys('vendor', vendorId) }),
      ]),
  });
}
