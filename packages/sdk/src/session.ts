/**
 * The browser session: token and user name in localStorage (SPEC §3 "Auth user"), with a change
 * signal so the shell can react when any app signs out (a 401 in a remote, logout in another tab).
 */
import type { Member } from '@erp/contracts';

const TOKEN_KEY = 'token';
const USER_NAME_KEY = 'userName';
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be unavailable (privacy mode); behave as signed out.
    return null;
  }
}

export function getToken(): string | null {
  return read(TOKEN_KEY);
}

export function getUserName(): string | null {
  return read(USER_NAME_KEY);
}

export function setSession({ token, user }: { token: string; user: Pick<Member, 'name'> }): void {
  window.localStorage.setItem(TOKEN_KEY, token);
  window.localStorage.setItem(USER_NAME_KEY, user.name);
  emit();
}

/** Clears ALL local storage, as the spec's logout does (SPEC §4). */
export function clearSession(): void {
  try {
    window.localStorage.clear();
  } finally {
    emit();
  }
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_NAME_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
