import type { Member } from '@erp/contracts';

/** What the shell hands every remote through single-spa customProps (and a remote's dev host imitates). */
export interface ShellCustomProps {
  /** The signed-in member: name, role and permissions. */
  user: Member;
  /** Guard-aware navigation (resolves false when the user chose to stay on a form with changes). */
  navigate: (to: string, options?: { replace?: boolean }) => Promise<boolean>;
  domElementGetter: () => HTMLElement;
}
