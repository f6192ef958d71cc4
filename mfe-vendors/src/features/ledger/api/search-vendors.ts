import { api, call } from '@erp/sdk';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentVendor } from '../hooks/payment-form-values';
import { ledgerKeys } from './ledger-keys';

const PICKER_LIMIT = 20;

/** /vendors/payment's picker: vendors matching the keyword, by name, with what is owed to each (the accounts list). */
export async function searchPaymentVendors(keyword: string, signal?: AbortSignal): Promise<PaymentVendor[]> {
  const trimmed = keyword.trim();
  const response = await call(api, 'ledger.accounts', {
    query: { limit: PICKER_LIMIT, offset: 0, sort: 'name', ...(trimmed ? { keyword: trimmed } : {}) },
    signal,
  });
  return response.result.map(({ _id, name, vendorId, outstanding }) => ({
    _id,
    name,
    vendorId,
    outstanding,
  }));
}

export const paymentVendorSearchQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: ledgerKeys('vendor-search', keyword.trim()),
    queryFn: ({ signal }) => searchPaymentVendors(keyword, signal),
    placeholderData: keepPreviousData,
  });

export const usePaymentVendorSearch = (keyword: string, enabled: boolean) =>
  useQuery({ ...paymentVendorSearchQueryOptions(keyword), enabled });

/** The vendor of /vendors/payment?id={id} (a ledger's 'Add Payment' link), with their outstanding: one entry of their ledger is enough. */
export async function getPaymentVendor(id: string, signal?: AbortSignal): Promise<PaymentVendor> {
  const response = await call(api, 'ledger.get', { params: { id }, query: { limit: 1, offset: 0 }, signal });
  const { _id, name, vendorId } = response.vendor;
  return { _id, name, vendorId, outstanding: response.summary.outstanding };
}

export const usePaymentVendor = (id: string | null) =>
  useQuery({
    queryKey: ledgerKeys('payment-vendor', id ?? ''),
    queryFn: ({ signal }) => getPaymentVendor(id ?? '', signal),
    enabled: Boolean(id),
  });
