import { describe, expect, it } from 'vitest';
import { createDraftStore, draftKey } from './drafts';

/** A Storage in memory, as sessionStorage behaves. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  };
}

const empty = { name: '', unit: '', vendors: [] as unknown[] };
const typed = { name: 'Tower crane', unit: 'pcs', vendors: [{ price: '5200' }] };
const item = { form: 'item', record: null };

describe('form drafts', () => {
  it('gives back on the same page what was written (Retry after a crash), until it is removed', () => {
    const storage = memoryStorage();
    const drafts = createDraftStore(
      () => storage,
      'page-1',
      () => false,
    );
    expect(drafts.restorable(item, empty)).toBeUndefined();
    drafts.write(item, typed);
    expect(drafts.has(item)).toBe(true);
    expect(drafts.restorable(item, empty)).toEqual(typed);
    drafts.remove(item);
    expect(drafts.restorable(item, empty)).toBeUndefined();
  });

  it('gives it back on the next page only when that page is a reload of this one', () => {
    const storage = memoryStorage();
    createDraftStore(() => storage, 'page-1').write(item, typed);
    expect(
      createDraftStore(
        () => storage,
        'page-2',
        () => true,
      ).restorable(item, empty),
    ).toEqual(typed);
    // Left some other way (the user agreed to leave): not put back, and gone.
    expect(
      createDraftStore(
        () => storage,
        'page-3',
        () => false,
      ).restorable(item, empty),
    ).toBeUndefined();
    expect(storage.length).toBe(0);
  });

  it('is kept per record and version; other versions of the record are pruned', () => {
    const storage = memoryStorage();
    const drafts = createDraftStore(
      () => storage,
      'page-1',
      () => false,
    );
    const v3 = { form: 'item', record: 'a1', version: 3 };
    const v4 = { ...v3, version: 4 };
    drafts.write(v3, typed);
    drafts.write({ form: 'item', record: 'b2', version: 1 }, typed);
    expect(drafts.restorable(v4, empty)).toBeUndefined();
    drafts.pruneOtherVersions(v4);
    expect(storage.getItem(draftKey(v3))).toBeNull();
    expect(storage.getItem(draftKey({ form: 'item', record: 'b2', version: 1 }))).not.toBeNull();
  });

  it('drops a draft that does not fit the form (written by an older release), and works without storage', () => {
    const storage = memoryStorage();
    const drafts = createDraftStore(
      () => storage,
      'page-1',
      () => false,
    );
    drafts.write(item, { name: 'x', vendors: 'not a list' });
    expect(drafts.restorable(item, empty)).toBeUndefined();
    const refused = createDraftStore(() => {
      throw new Error('SecurityError');
    });
    expect(() => refused.write(item, typed)).not.toThrow();
    expect(refused.restorable(item, empty)).toBeUndefined();
  });
});
