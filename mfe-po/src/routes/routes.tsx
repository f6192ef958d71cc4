/** The screens of this remote under /po (its module.json routes); each is its own chunk. */
import { lazyScreen, type RemoteSection } from '@erp/ui/remote';

const list = () => import('./po-list-route');
const open = () => import('./po-open-route');
const detail = () => import('./po-detail-route');
const receipt = () => import('./po-receipt-route');

export const SECTIONS: RemoteSection[] = [
  {
    path: '/po',
    children: [
      { index: true, ...lazyScreen('list#index', list) },
      { path: 'list', ...lazyScreen('list', list) },
      { path: 'open', ...lazyScreen('open', open) },
      { path: ':poId/receipt', ...lazyScreen('receipt', receipt) },
      { path: ':poId', ...lazyScreen('detail', detail) },
    ],
  },
];
