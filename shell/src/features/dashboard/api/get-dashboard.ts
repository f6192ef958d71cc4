import type { DashboardResponse } from '@erp/contracts';
import { api } from '@erp/sdk';
import { useLoad } from '../../../lib/requests';

export const getDashboard = () => api.get<DashboardResponse>('/dashboard');

export const useDashboard = () => useLoad(getDashboard);
