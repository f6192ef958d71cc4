/** The screens of this remote under /team (its module.json routes); each is its own chunk. */
import { lazyScreen, type RemoteSection } from '@erp/ui/remote';

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
];
