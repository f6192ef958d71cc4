/** The screens of this remote under /team (its module.json routes); each is its own chunk. */
import { lazyScreen, type RemoteSection } from '@erp/ui/remote';

export const SECTIONS: RemoteSection[] = [
  {
    path: '/team',
    // Projects wait for the projects service: their paths get the not-found view until then.
    children: [
      { path: 'list', ...lazyScreen('list', () => import('./team-list-route')) },
      // No id = add; id = edit; id with mode=view = read only (SPEC §2 "Team").
      { path: 'edit', ...lazyScreen('member', () => import('./member-form-route')) },
    ],
  },
];
