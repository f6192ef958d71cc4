/**
 * What a user typed into a form and has not saved, kept per browser tab (sessionStorage) so that an
 * error boundary's Retry, which mounts the screen anew, or a reload gives it back. Keyed by form,
 * record and the version the form was loaded at: a draft of an older version is not put over a newer
 * one. A draft is restored on the page that wrote it (Retry after a crash) or after a reload of it; a
 * draft left behind by leaving the page some other way is not (the user agreed to leave it).
 */

export interface DraftAddress {
  /** The form ('item', 'member', 'vendor', 'vendor-edit'). */
  form: string;
  /** The record's id; null for a new one. */
  record: string | null;
  /** The version the form was loaded at (none for a new record). */
  version?: number | undefined;
}

interface StoredDraft {
  /** The page (document) that wrote it. */
  page: string;
  savedAt: number;
  values: unknown;
}

const PREFIX = 'erp-form-draft:';

const recordPrefix = (a: DraftAddress) => `${PREFIX}${a.form}:${a.record ?? 'new'}:`;
export const draftKey = (a: DraftAddress): string => `${recordPrefix(a)}${a.version ?? 0}`;

/** This document: a reload or another visit is another page. */
const PAGE = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

function wasReloaded(): boolean {
  try {
    const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return entry?.type === 'reload';
  } catch {
    return false;
  }
}

/**
 * Whether two values have the same shape at the top (the same keys holding the same kinds of thing):
 * a draft written by an older release of a form is dropped rather than crashing the new one.
 */
function sameShape(draft: unknown, initial: unknown): boolean {
  if (draft === null || typeof draft !== 'object' || initial === null || typeof initial !== 'object')
    return false;
  const kind = (v: unknown) => (Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v);
  const a = Object.keys(draft).sort();
  const b = Object.keys(initial).sort();
  return (
    a.length === b.length &&
    a.every((k, i) => k === b[i]) &&
    b.every((k) => {
      const x = kind((initial as Record<string, unknown>)[k]);
      const y = kind((draft as Record<string, unknown>)[k]);
      return x === y || x === 'null' || y === 'null';
    })
  );
}

export interface DraftStore {
  /** Whether there is a draft this page may restore (e.g. to reopen a screen's edit mode after Retry). */
  has(address: DraftAddress): boolean;
  /** The draft to put back into the form, if there is one this page may restore and it fits the form. */
  restorable<V>(address: DraftAddress, initial: V): V | undefined;
  write(address: DraftAddress, values: unknown): void;
  remove(address: DraftAddress): void;
  /** Removes the record's drafts of other versions (saved over by someone: they would not be restored). */
  pruneOtherVersions(address: DraftAddress): void;
}

export function createDraftStore(
  storage: () => Storage | undefined,
  page = PAGE,
  reloaded: () => boolean = wasReloaded,
): DraftStore {
  const safely = <T>(fn: (s: Storage) => T): T | undefined => {
    try {
      const s = storage();
      return s ? fn(s) : undefined;
    } catch {
      // Storage refused (private mode, quota): the form works, only without a draft.
      return undefined;
    }
  };
  const read = (s: Storage, key: string): StoredDraft | undefined => {
    const raw = s.getItem(key);
    if (!raw) return undefined;
    const draft = JSON.parse(raw) as StoredDraft;
    return draft.page === page || reloaded() ? draft : undefined;
  };
  return {
    has(address) {
      return safely((s) => read(s, draftKey(address)) !== undefined) ?? false;
    },
    restorable<V>(address: DraftAddress, initial: V): V | undefined {
      return safely((s) => {
        const key = draftKey(address);
        const draft = read(s, key);
        if (!draft || !sameShape(draft.values, initial)) {
          s.removeItem(key);
          return undefined;
        }
        return draft.values as V;
      });
    },
    write(address, values) {
      safely((s) =>
        s.setItem(
          draftKey(address),
          JSON.stringify({ page, savedAt: Date.now(), values } satisfies StoredDraft),
        ),
      );
    },
    remove(address) {
      safely((s) => s.removeItem(draftKey(address)));
    },
    pruneOtherVersions(address) {
      safely((s) => {
        const keep = draftKey(address);
        const prefix = recordPrefix(address);
        const keys = Array.from({ length: s.length }, (_, i) => s.key(i)).filter(
          (k): k is string => k !== null,
        );
        for (const key of keys) if (key.startsWith(prefix) && key !== keep) s.removeItem(key);
      });
    },
  };
}

/** The tab's drafts. */
export const formDrafts: DraftStore = createDraftStore(() =>
  typeof window === 'undefined' ? undefined : window.sessionStorage,
);

/** Whether a form of this record has a draft to restore (e.g. to reopen an edit mode after Retry). */
export const hasFormDraft = (address: DraftAddress): boolean => formDrafts.has(address);
