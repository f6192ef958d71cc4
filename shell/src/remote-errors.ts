/**
 * A remote that fails to load (files missing, network down, error in its mount) must break only the
 * content area. single-spa reports it here; the layout shows an ErrorPanel with Retry in the outlet.
 */
import { useSyncExternalStore } from 'react';
import { addErrorHandler, getAppStatus, LOAD_ERROR, SKIP_BECAUSE_BROKEN, triggerAppChange } from 'single-spa';
import { isRemotePresent } from './modules';
import { resetRemote } from './remotes';

export interface RemoteFailure {
  app: string;
  /** What single-spa reported (technical). */
  message: string;
  /** Set when the shell refused to run the module: what to tell the user. */
  refusal?: string;
  at: number;
}

/** A module the shell refuses to run; `userText` says why, for the error panel. */
export class RemoteRefused extends Error {
  constructor(readonly userText: string) {
    super(userText);
  }
}

/** A shared library the remote requires at a version the shell does not provide (Module Federation's strict version check). */
const VERSION_MISMATCH =
  /Version (\S+) from \S+ of shared singleton module (\S+) does not satisfy the requirement of \S+ which needs ([^)\s]+)/;

/** What the error panel says about a failed module, and whether trying again can help. */
export function describeFailure(
  { message, refusal }: Pick<RemoteFailure, 'message' | 'refusal'>,
  label: string,
): { text: string; retryable: boolean } {
  if (refusal) return { text: refusal, retryable: false };
  const mismatch = VERSION_MISMATCH.exec(message);
  if (mismatch) {
    const [, provided, library, needs] = mismatch;
    return {
      text: `The ${label} module was built for ${library} ${needs}, but this app provides ${library} ${provided}. It needs a release of the module built for this version of the app.`,
      retryable: false,
    };
  }
  return {
    text: `The ${label} module is not available right now. Check your connection and try again.`,
    retryable: true,
  };
}

let failure: RemoteFailure | null = null;
/** Hides the panel between Retry and single-spa's answer. */
let retrying = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

const isFailed = (app: string) => [LOAD_ERROR, SKIP_BECAUSE_BROKEN].includes(getAppStatus(app) ?? '');

export function watchRemoteErrors(): void {
  addErrorHandler((error) => {
    const app = error.appOrParcelName;
    console.error(`Module ${app} failed:`, error);
    if (!isRemotePresent(app)) return;
    // The federation runtime keeps a failed manifest/entry in its caches; forget it so that the next
    // attempt (Retry, or single-spa's own retry on the next navigation) really fetches again.
    if (getAppStatus(app) === LOAD_ERROR) resetRemote(app);
    failure = {
      app,
      message: error.message,
      at: Date.now(),
      ...(error instanceof RemoteRefused ? { refusal: error.userText } : {}),
    };
    retrying = false;
    emit();
  });
  // After every navigation: forget the failure once the module loaded after all. While it is still
  // failed the panel stays, for whenever its pages are shown (single-spa only retries 200 ms on).
  window.addEventListener('single-spa:routing-event', () => {
    if (!failure) return;
    if (!isFailed(failure.app)) failure = null;
    retrying = false;
    emit();
  });
}

export function retryRemote({ app, at }: RemoteFailure): void {
  // single-spa never re-mounts an application whose own code threw; only a fresh page can.
  if (getAppStatus(app) === SKIP_BECAUSE_BROKEN) {
    window.location.reload();
    return;
  }
  retrying = true;
  emit();
  // single-spa retries applications in LOAD_ERROR on a routing change, from 200 ms after the failure.
  setTimeout(() => void triggerAppChange(), Math.max(0, 220 - (Date.now() - at)));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const visibleFailure = () => (retrying ? null : failure);

/** The failed remote to show a panel for (the layout shows it only on that remote's pages). */
export function useRemoteFailure(): RemoteFailure | null {
  return useSyncExternalStore(subscribe, visibleFailure, visibleFailure);
}
