import { useQuery } from '@tanstack/react-query';
import { boqQueryOptions } from '../../shared/api/get-boq';

/** The BOQ edited (the detail screen's query: a save's answer lands in the same cache entry). */
export const useBoqToEdit = (id: string | null) =>
  useQuery({ ...boqQueryOptions(id ?? ''), enabled: Boolean(id) });
