/** The signed-in member the shell passed in customProps, for any screen of a remote. */
import type { Member } from '@erp/contracts';
import { createContext, useContext } from 'react';

export const CurrentUserContext = createContext<Member | null>(null);

export function useCurrentUser(): Member {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('This module was mounted without a signed-in user.');
  return user;
}
