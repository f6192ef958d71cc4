import type { CreateVendorBody } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { vendorKeys } from '../../shared/api/vendor-keys';

export const createVendor = (body: CreateVendorBody) => call(api, 'vendors.create', { body });

export function useCreateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVendor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vendorKeys() }),
  });
}
