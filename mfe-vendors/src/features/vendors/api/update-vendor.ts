import type { UpdateVendorBody } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { vendorKeys } from '../../shared/api/vendor-keys';

export interface UpdateVendorInput {
  id: string;
  /** Carries the version the screen was loaded with; a stale one is refused with 409. */
  body: UpdateVendorBody;
}

export const updateVendor = ({ id, body }: UpdateVendorInput) =>
  call(api, 'vendors.update', { params: { id }, body });

export function useUpdateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVendor,
    onSuccess: (response) => {
      queryClient.setQueryData(vendorKeys('vendor', response.vendor._id), response.vendor);
      return queryClient.invalidateQueries({ queryKey: vendorKeys('list') });
    },
  });
}
