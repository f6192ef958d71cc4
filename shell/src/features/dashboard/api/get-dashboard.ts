import type { DashboardResponse } from '@erp/contracts';
import { api, createQueryKeys } from '@erp/sdk';
import { queryOptions, useQuery } from '@tanstack/react-query';

const keys = createQueryKeys('dashboard');

export const getDashboard = () => api.get<DashboardResponse>('/dashboard');

export const dashboardQueryOptions = () => queryOptions({ queryKey: keys('counts'), queryFn: getDashboard });

export const useDashboard = () => useQuery(dashboardQueryOptions());
