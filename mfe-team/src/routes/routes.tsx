/** The screens of this remote under /team and /boq (its module.json routes); each is its own chunk. */
import { lazyScreen, type RemoteSection } from '@erp/ui/remote';

// One chunk for create and edit (SPEC §5 "BOQ create/edit"); route ids differ only after '#'.
const boqForm = lazyScreen('boq-form', () => import('./boq-form-route'));

export const SECTIONS: RemoteSection[] = [
  {
    path: '/team',
    children: [
      { path: 'list', ...lazyScreen('list', () => import('./team-list-route')) },
      // No id = add; id = edit; id with mode=view = read only (SPEC §2 "Team").
      { path: 'edit', ...lazyScreen('member', () => import('./member-form-route')) },
      { path: 'projects', ...lazyScreen('projects', () => import('./project-list-route')) },
      // The same three modes for a project (SPEC §2 "Projects").
      { path: 'project-edit', ...lazyScreen('project-form', () => import('./project-form-route')) },
      { path: 'project/:id', ...lazyScreen('project', () => import('./project-detail-route')) },
    ],
  },
  {
    // BOQs (SPEC §5 "BOQ"): the projects service's, shown by this remote with the project screens.
    path: '/boq',
    children: [
      { path: 'list', ...lazyScreen('boq-list', () => import('./boq-list-route')) },
      { path: 'create', ...boqForm },
      { path: 'edit/:boqId', ...boqForm, id: 'boq-form#edit' },
      { path: ':boqId', ...lazyScreen('boq', () => import('./boq-detail-route')) },
    ],
  },
];
