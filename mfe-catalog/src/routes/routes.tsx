/** The screens of this remote under /items (its module.json routes); each is its own chunk. */
import { lazyScreen, type RemoteSection } from '@erp/ui/remote';

const list = () => import('./item-list-route');
const form = () => import('./item-form-route');

export const SECTIONS: RemoteSection[] = [
  {
    path: '/items',
    children: [
      { index: true, ...lazyScreen('list#index', list) },
      { path: 'list', ...lazyScreen('list', list) },
      // /items/create, and /items/edit?id= (SPEC §2 "Items"); /items/edit without an id adds, as the sidebar's Add Item does.
      { path: 'create', ...lazyScreen('form#create', form) },
      { path: 'edit', ...lazyScreen('form', form) },
    ],
  },
];
