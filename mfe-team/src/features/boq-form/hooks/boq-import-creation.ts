import type { BoqImportPreview, BoqUnknownItem } from '@erp/contracts';
import { errorMessage } from '@erp/sdk';
import { createItem } from '../api/import-boq';

/** The import's creation of the items the item master lacks, as the dialog shows it. */
export interface Creation {
  done: number;
  total: number;
  failed: { name: string; message: string }[];
  /** Created, and being looked for in the preview again. */
  resolving: boolean;
  /** Created but still unknown to the preview after every attempt. */
  unresolved: string[];
}

/** After items are created, the preview is read again until they resolve (they reach the projects service through events). */
const RESOLVE_ATTEMPTS = 6;
const RESOLVE_DELAY_MS = 1000;

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const delay = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

export interface CreateUnknownOptions {
  unknown: BoqUnknownItem[];
  signal: AbortSignal;
  /** Reads the file again (the dialog shows the new preview); null when that failed or was aborted. */
  readAgain: () => Promise<BoqImportPreview | null>;
  /** Each step of the creation, for the dialog to show. */
  report: (creation: Creation) => void;
  /** Called once every item was tried: the item searches are stale. */
  onTried: () => void;
}

/** The created names the preview still does not know, after reading the file again a few times. */
async function resolveCreated(
  created: string[],
  signal: AbortSignal,
  readAgain: CreateUnknownOptions['readAgain'],
): Promise<string[]> {
  let still = created;
  for (let attempt = 0; attempt < RESOLVE_ATTEMPTS && still.length > 0; attempt++) {
    if (attempt > 0) await delay(RESOLVE_DELAY_MS, signal);
    if (signal.aborted) return still;
    const next = await readAgain();
    if (!next) break;
    still = created.filter((name) => next.unknownItems.some((u) => sameName(u.name, name)));
  }
  return still;
}

/** Creates the unknown items (name and unit from the file), then reads the file again until they resolve. */
export async function createUnknownItems({
  unknown,
  signal,
  readAgain,
  report,
  onTried,
}: CreateUnknownOptions): Promise<void> {
  const state: Creation = { done: 0, total: unknown.length, failed: [], resolving: false, unresolved: [] };
  report({ ...state });
  const created: string[] = [];
  for (const item of unknown) {
    if (signal.aborted) return;
    try {
      await createItem({ name: item.name.trim(), unit: item.unit.trim() });
      created.push(item.name);
    } catch (error) {
      state.failed.push({ name: item.name, message: errorMessage(error) });
    }
    state.done++;
    report({ ...state });
  }
  onTried();
  if (created.length === 0) return;
  state.resolving = true;
  report({ ...state });
  const still = await resolveCreated(created, signal, readAgain);
  if (signal.aborted) return;
  report({ ...state, resolving: false, unresolved: still });
}
