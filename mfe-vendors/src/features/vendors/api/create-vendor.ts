import type { CreateVendorBody, VendorResponse } from '@erp/contracts';
import { api } from '@erp/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { vendorKeys } from './vendor-keys';

export const createVendor = (body: CreateVendorBody) => api.post<VendorResponse>('/vendors', body);

export function useCreateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVendor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vendorKeys() }),
  });
}
