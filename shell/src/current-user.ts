/** The signed-in member (from verifyOtp or GET /auth/me), shared by the shell's React tree and single-spa. */
import { useSyncExternalStore } from 'react';
import type { Member } from '@erp/contracts';

let currentUser: Member | null = null;
const listeners = new Set<() => void>();

export function getCurrentUser(): Member | null {
  return currentUser;
}

export function setCurrentUser(user: Member | null): void {
  currentUser = user;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useCurrentUser(): Member | null {
  return useSyncExternalStore(subscribe, getCurrentUser, getCurrentUser);
}
