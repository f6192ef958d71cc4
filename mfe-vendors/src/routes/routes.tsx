/** The screens of this remote under /vendors (its module.json routes); each is its own chunk. */
import { Navigate } from '@erp/ui';
import { lazyScreen, type RemoteSection } from '@erp/ui/remote';

const list = () => import('./vendor-list-route');
const detail = () => import('./vendor-detail-route');
const accounts = () => import('./vendor-accounts-route');
const ledger = () => import('./ledger-detail-route');
const payment = () => import('./payment-route');

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
      // The vendor accounts list: the sidebar links /vendors/account-ledger, the spec's phone bar
      // /vendors/ledger (SPEC §2 route table note); both show it.
      { path: 'account-ledger', ...lazyScreen('accounts', accounts) },
      { path: 'ledger', ...lazyScreen('accounts#ledger', accounts) },
      // A vendor's ledger: /vendors/ledger-detail?id={id} (SPEC §2), and the path forms.
      { path: 'ledger-detail', ...lazyScreen('ledger', ledger) },
      { path: 'ledger-detail/:id', ...lazyScreen('ledger#path', ledger) },
      { path: 'ledger/:id', ...lazyScreen('ledger#short', ledger) },
      { path: 'payment', ...lazyScreen('payment', payment) },
      { path: 'payments', ...lazyScreen('payment#plural', payment) },
      // Credit notes are added on a vendor's ledger: the old path leads to the accounts list.
      {
        path: 'credit-note',
        id: 'accounts#credit-note',
        element: <Navigate to="/vendors/account-ledger" replace />,
      },
      { path: 'overbilling', ...lazyScreen('overbilling', () => import('./overbilling-route')) },
    ],
  },
];
