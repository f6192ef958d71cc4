import { api, call } from '@erp/sdk';
import { useLoad } from '../../../lib/requests';

export const getDashboard = () => call(api, 'dashboard.get');

export const useDashboard = () => useLoad(getDashboard);
