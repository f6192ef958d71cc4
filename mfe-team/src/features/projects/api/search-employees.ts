import type { Member } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { projectKeys } from '../../shared/api/project-keys';

/** What the Employee picker shows of a member. */
export type EmployeeOption = Pick<Member, '_id' | 'name' | 'email' | 'status'>;

/**
 * The Employee picker of the project form: active Employees matching the keyword as typed (SPEC §7:
 * the employee picker asks the team list with limit 100, offset 0, status active; only Employees can
 * be assigned, SPEC §6). The team list filters by role itself, so every Employee can be found, not
 * only those among the first 100 members.
 */
export async function searchEmployees(keyword: string, signal?: AbortSignal): Promise<EmployeeOption[]> {
  const response = await call(api, 'team.list', {
    query: { limit: 100, offset: 0, keyword: keyword.trim(), status: 'active', role: 'Employee' },
    signal,
  });
  return response.result.map(({ _id, name, email, status }) => ({ _id, name, email, status }));
}

export const employeeSearchQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: projectKeys('employee-search', keyword.trim()),
    queryFn: ({ signal }) => searchEmployees(keyword, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useEmployeeSearch = (keyword: string, enabled: boolean) =>
  useQuery({ ...employeeSearchQueryOptions(keyword), enabled });
