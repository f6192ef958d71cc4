/** The screens of this remote under /po (its module.json routes); each is its own chunk. */
import { lazyScreen, type RemoteSection, type ScreenPrefetch } from '@erp/ui/remote';
import { poQueryOptions } from '../features/shared/api/get-po';

const list = () => import('./po-list-route');
const open = () => import('./po-open-route');
const detail = () => import('./po-detail-route');
const receipt = () => import('./po-receipt-route');
/** The PO a detail or receipt screen shows, asked for with the screen's code. */
const thePo: ScreenPrefetch = (params, queryClient) =>
  queryClient.prefetchQuery(poQueryOptions(params.poId ?? ''));

export const SECTIONS: RemoteSection[] = [
  {
    path: '/po',
    children: [
      { index: true, ...lazyScreen('list#index', list) },
      { path: 'list', ...lazyScreen('list', list) },
      { path: 'open', ...lazyScreen('open', open) },
      { path: ':poId/receipt', ...lazyScreen('receipt', receipt, thePo) },
      { path: ':poId', ...lazyScreen('detail', detail, thePo) },
    ],
  },
];
