/** The screens of this remote under /indent (its module.json routes); each is its own chunk. */
import { lazyScreen, type RemoteSection } from '@erp/ui/remote';

const list = () => import('./indent-list-route');
const form = () => import('./indent-form-route');
const detail = () => import('./indent-detail-route');
const compareQueue = () => import('./compare-queue-route');
const compareDetail = () => import('./compare-detail-route');
const approvalQueue = () => import('./approval-queue-route');
const approvalReview = () => import('./approval-review-route');

export const SECTIONS: RemoteSection[] = [
  {
    path: '/indent',
    children: [
      { index: true, ...lazyScreen('list#index', list) },
      { path: 'list', ...lazyScreen('list', list) },
      { path: 'create', ...lazyScreen('form#create', form) },
      { path: 'edit/:id', ...lazyScreen('form', form) },
      { path: 'compare', ...lazyScreen('compare-queue', compareQueue) },
      { path: 'compare/:id', ...lazyScreen('compare-detail', compareDetail) },
      { path: 'approval', ...lazyScreen('approval-queue', approvalQueue) },
      { path: 'approval/:id', ...lazyScreen('approval-review', approvalReview) },
      // SPEC §2 "BoQ detail with generated POs" (indent/{id}/pos): the indent's purchase orders.
      { path: ':id/pos', ...lazyScreen('detail#pos', detail) },
      { path: ':id', ...lazyScreen('detail', detail) },
    ],
  },
];
