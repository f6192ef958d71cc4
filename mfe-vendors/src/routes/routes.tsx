/** The screens of this remote under /vendors (its module.json routes); each is its own chunk. */
import { lazyScreen, type RemoteSection } from '@erp/ui/remote';

const list = () => import('./vendor-list-route');
const detail = () => import('./vendor-detail-route');
const accounts = () => import('./vendor-accounts-route');

/**
 * The vendor ledger and payment screens (SPEC §2) come with purchase orders and payments, in a later
 * issue. Until then their paths show an honest "not available yet" page (decision 0010), not an
 * empty content area.
 */
const ACCOUNT_PATHS = ['account-ledger', 'ledger', 'ledger-detail', 'payment', 'payments', 'credit-note'];

export const SECTIONS: RemoteSection[] = [
  {
    path: '/vendors',
    children: [
      { index: true, ...lazyScreen('list#index', list) },
      { path: 'list', ...lazyScreen('list', list) },
      { path: 'create', ...lazyScreen('create', () => import('./vendor-create-route')) },
      // /vendors/detail?id={id}; the path form /vendors/detail/{id} too (SPEC §2 route table).
      { path: 'detail', ...lazyScreen('detail', detail) },
      { path: 'detail/:id', ...lazyScreen('detail#path', detail) },
      ...ACCOUNT_PATHS.map((path) => ({ path: `${path}/*`, ...lazyScreen(`accounts#${path}`, accounts) })),
    ],
  },
];
