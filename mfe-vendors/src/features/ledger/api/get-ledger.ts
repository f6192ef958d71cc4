import type { VendorLedgerResponse } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { toLedgerQuery, type LedgerParams } from '../hooks/ledger-filters';
import { ledgerKeys } from './ledger-keys';

/**
 * GET /vendorTransaction/{vendorId} (SPEC §7 "wallet details read as a list of transactions"): the
 * vendor's header facts, the summary cards and a page of entries in the range, newest first.
 */
export function getVendorLedger(
  vendorId: string,
  params: LedgerParams,
  signal?: AbortSignal,
): Promise<VendorLedgerResponse> {
  return call(api, 'ledger.get', { params: { id: vendorId }, query: toLedgerQuery(params), signal });
}

export const vendorLedgerQueryOptions = (vendorId: string, params: LedgerParams) =>
  queryOptions({
    queryKey: ledgerKeys('ledger', vendorId, params),
    queryFn: ({ signal }) => getVendorLedger(vendorId, params, signal),
    // Another range or page keeps the current one on screen while it loads (same vendor only: the key starts with it).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === vendorId ? keepPreviousData(previous) : undefined,
  });

export const useVendorLedger = (vendorId: string | null, params: LedgerParams, enabled = true) =>
  useQuery({ ...vendorLedgerQueryOptions(vendorId ?? '', params), enabled: enabled && Boolean(vendorId) });
