/**
 * A remote that fails to load (files missing, network down, error in its mount) must break only the
 * content area. single-spa reports it here; the layout shows an ErrorPanel with Retry in the outlet.
 */
import { useSyncExternalStore } from 'react';
import { addErrorHandler, getAppStatus, LOAD_ERROR, SKIP_BECAUSE_BROKEN, triggerAppChange } from 'single-spa';
import { REMOTE_NAMES, type RemoteName } from './activity-functions';
import { resetRemote } from './remotes';

export interface RemoteFailure {
  app: RemoteName;
  message: string;
}

let failure: RemoteFailure | null = null;
const listeners = new Set<() => void>();

function set(next: RemoteFailure | null): void {
  failure = next;
  for (const listener of listeners) listener();
}

const isRemoteName = (name: string): name is RemoteName => (REMOTE_NAMES as string[]).includes(name);

export function watchRemoteErrors(): void {
  addErrorHandler((error) => {
    const app = error.appOrParcelName;
    console.error(`Module ${app} failed:`, error);
    if (isRemoteName(app)) set({ app, message: error.message });
  });
  // A new navigation is a new attempt: single-spa retries LOAD_ERROR applications on routing events.
  window.addEventListener('single-spa:before-routing-event', () => {
    if (failure) set(null);
  });
}

export function retryRemote(app: RemoteName): void {
  // single-spa never re-mounts an application whose own code threw; only a fresh page can.
  if (getAppStatus(app) === SKIP_BECAUSE_BROKEN) {
    window.location.reload();
    return;
  }
  if (getAppStatus(app) === LOAD_ERROR) resetRemote(app);
  set(null);
  void triggerAppChange();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useRemoteFailure(): RemoteFailure | null {
  return useSyncExternalStore(subscribe, () => failure, () => failure);
}
