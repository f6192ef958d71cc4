import type { Boq, IndentPo, PoSummary } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { indentKeys } from '../../shared/api/indent-keys';

/** GET /boq/{id}: the BOQ whose purchase orders indent/{boqId}/pos lists. */
export const boqQueryOptions = (id: string) =>
  queryOptions({
    queryKey: indentKeys('boq', id),
    queryFn: ({ signal }): Promise<Boq> => call(api, 'boq.get', { params: { id }, signal }),
    retry: false,
  });

export const useBoq = (id: string, enabled: boolean) =>
  useQuery({ ...boqQueryOptions(id), enabled: enabled && Boolean(id) });

/** A PO of the list as the indent screens' PO table shows it. */
export const toIndentPo = (po: PoSummary): IndentPo => ({
  _id: po._id,
  id: po._id,
  poNumber: po.poNumber,
  vendor: po.vendor.name,
  vendorId: po.vendor._id,
  items: po.itemCount,
  amount: po.amount,
  status: po.status,
  orderDate: po.orderDate,
});

/** GET /po?boqId=: the BOQ's purchase orders, newest first (the first 100, as the spec's lists ask). */
export const boqPosQueryOptions = (boqId: string) =>
  queryOptions({
    queryKey: indentKeys('boq-pos', boqId),
    queryFn: async ({ signal }) => {
      const page = await call(api, 'po.list', { query: { boqId, limit: 100, offset: 0 }, signal });
      return { pos: page.result.map(toIndentPo), total: page.totalItems };
    },
  });

export const useBoqPos = (boqId: string, enabled: boolean) =>
  useQuery({ ...boqPosQueryOptions(boqId), enabled: enabled && Boolean(boqId) });
