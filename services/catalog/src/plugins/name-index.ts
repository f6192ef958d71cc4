/**
 * In-memory index of item names for the item list and the item pickers: a contains-search of
 * 100,000 names answered in well under a millisecond, where the database's trigram scan takes
 * several (and twenty at once queue on one database).
 *
 * The index is built for one data generation (the kit's, which every statement writing `items` moves
 * in its own transaction; decision 0049): names, statuses, ids and each
 * item's list entry as JSON text, in list order (last updated first), and for every three-character
 * sequence the positions of the names that contain it (about 0.85 KB per item in all). A search
 * takes the rarest trigram of the keyword and checks only its names (decision 0007).
 * It answers only while the generation is the one it was built for; after a write the caller
 * answers from SQL until a new index is built, which starts once writes have been quiet for a
 * moment (an import of thousands of rows does not rebuild it per chunk).
 *
 * Consistency without a long transaction: the rows are read in pages, and the build is kept only
 * when the generation read before the first page equals the one read after the last. Every item
 * write moves the generation inside its own transaction, so equal readings mean no write committed
 * in between and the pages saw one state.
 */
import {
  cappedTotal,
  countBound,
  DEFAULT_COUNT_CAP,
  type CappedTotal,
  type Queryable,
} from '@erp/service-kit';
import type { Status } from '../domain/plan.js';
import type { IndexCursor, ItemsRepository } from '../repositories/items.js';

/** Rows per read while building: each page holds the event loop for some 40 ms on PGlite. */
const PAGE_ROWS = 1_000;
/** Names per slice of the trigram build between yields to the event loop. */
const BUILD_SLICE = 10_000;

const trigramKey = (s: string, i: number): number =>
  s.charCodeAt(i) * 4_294_967_296 + s.charCodeAt(i + 1) * 65_536 + s.charCodeAt(i + 2);

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface IndexPage extends CappedTotal {
  /** The page's items in list order: ids, and each item's list entry as JSON text. */
  ids: string[];
  json: string[];
}

/** What a build reads: the data generation and the items in list order, page by page. */
export interface IndexSource {
  generation(db: Queryable): Promise<string>;
  items: Pick<ItemsRepository, 'indexPage' | 'indexEntries'>;
}

export class NameIndex {
  private constructor(
    readonly generation: string,
    private readonly ids: string[],
    private readonly names: string[],
    private readonly json: string[],
    private readonly stamps: string[],
    private readonly active: Uint8Array,
    private readonly postings: Map<number, Int32Array>,
  ) {}

  get size(): number {
    return this.ids.length;
  }

  /**
   * Names containing `keyword` (already lower-case, as the stored name keys are), optionally of
   * one status, in list order: the page from `offset`, and the total and flag the SQL list
   * answers (counted up to the cap, or the end of the page when further; `cappedTotal`).
   */
  search(
    keyword: string,
    status: Status | null,
    limit: number,
    offset: number,
    cap = DEFAULT_COUNT_CAP,
  ): IndexPage {
    const wanted = status === null ? -1 : status === 'active' ? 1 : 0;
    const ids: string[] = [];
    const json: string[] = [];
    // Counting stops one past the bound, as the SQL count does: a broad keyword reads no further.
    const stopAt = countBound({ limit, offset, cap }) + 1;
    let matches = 0;
    /** Counts one name; false once counting may stop. */
    const take = (pos: number): boolean => {
      if (wanted !== -1 && this.active[pos] !== wanted) return true;
      if (matches >= offset && ids.length < limit) {
        ids.push(this.ids[pos]!);
        json.push(this.json[pos]!);
      }
      return ++matches < stopAt;
    };
    const answer = (): IndexPage => ({ ids, json, ...cappedTotal(matches, { limit, offset, cap }) });
    if (keyword.length < 3) {
      for (let pos = 0; pos < this.names.length; pos++)
        if ((keyword === '' || this.names[pos]!.includes(keyword)) && !take(pos)) break;
      return answer();
    }
    let rarest: Int32Array | undefined;
    for (let i = 0; i + 3 <= keyword.length; i++) {
      const list = this.postings.get(trigramKey(keyword, i));
      if (!list) return answer();
      if (!rarest || list.length < rarest.length) rarest = list;
    }
    for (const pos of rarest!) if (this.names[pos]!.includes(keyword) && !take(pos)) break;
    return answer();
  }

  /**
   * Read the items and build; null when a write committed meanwhile (build again later). With a
   * `previous` index, entries of items whose stamp is unchanged are taken from it, and only the
   * others are read in full (after one edit of 100,000 items: a third of the reading).
   */
  static async build(
    db: Queryable,
    source: IndexSource,
    pageRows = PAGE_ROWS,
    cancelled: () => boolean = () => false,
    previous: NameIndex | null = null,
  ): Promise<NameIndex | null> {
    const before = await source.generation(db);
    const known = new Map<string, { stamp: string; json: string }>();
    if (previous)
      for (let pos = 0; pos < previous.ids.length; pos++)
        known.set(previous.ids[pos]!, { stamp: previous.stamps[pos]!, json: previous.json[pos]! });
    const ids: string[] = [];
    const names: string[] = [];
    const json: string[] = [];
    const stamps: string[] = [];
    const statuses: number[] = [];
    let cursor: IndexCursor | null = null;
    for (;;) {
      const rows = await source.items.indexPage(db, cursor, pageRows, !previous);
      const missing = rows
        .filter((r) => r.json === undefined && known.get(r.id)?.stamp !== r.stamp)
        .map((r) => r.id);
      const fresh = await source.items.indexEntries(db, missing);
      for (const r of rows) {
        const entry = r.json ?? fresh.get(r.id) ?? known.get(r.id)?.json;
        // Gone between the page and the entries read: a write moved the generation, so this build is void.
        if (entry === undefined) return null;
        ids.push(r.id);
        names.push(r.nameKey);
        json.push(entry);
        stamps.push(r.stamp);
        statuses.push(r.active ? 1 : 0);
      }
      if (rows.length < pageRows) break;
      cursor = rows[rows.length - 1]!.cursor;
      await yieldToEventLoop();
      if (cancelled()) return null;
    }
    if ((await source.generation(db)) !== before) return null;

    // Trigram slots: one pass counts the names per trigram (each name once), the next fills them.
    const slotOf = new Map<number, number>();
    const counts: number[] = [];
    const lastName: number[] = [];
    const slotsOfName: Int32Array[] = new Array(names.length);
    for (let n = 0; n < names.length; n++) {
      const s = names[n]!;
      const mine = new Int32Array(Math.max(0, s.length - 2));
      let k = 0;
      for (let i = 0; i + 3 <= s.length; i++) {
        const key = trigramKey(s, i);
        let slot = slotOf.get(key);
        if (slot === undefined) {
          slot = counts.length;
          slotOf.set(key, slot);
          counts.push(0);
          lastName.push(-1);
        }
        if (lastName[slot] === n) continue;
        lastName[slot] = n;
        counts[slot]!++;
        mine[k++] = slot;
      }
      slotsOfName[n] = mine.subarray(0, k);
      if (n % BUILD_SLICE === BUILD_SLICE - 1) {
        await yieldToEventLoop();
        if (cancelled()) return null;
      }
    }
    const lists = counts.map((c) => new Int32Array(c));
    const filled = new Int32Array(counts.length);
    for (let n = 0; n < names.length; n++) {
      for (const slot of slotsOfName[n]!) lists[slot]![filled[slot]!++] = n;
    }
    const postings = new Map<number, Int32Array>();
    for (const [key, slot] of slotOf) postings.set(key, lists[slot]!);
    return new NameIndex(before, ids, names, json, stamps, Uint8Array.from(statuses), postings);
  }
}

/**
 * Keeps a name index for the current generation: `ready(g)` gives it when it was built for `g`,
 * and otherwise gives null, so the caller uses SQL, and starts a build in the background when
 * writes have been quiet for `quietMs` or the index is `maxStaleMs` old however busy writers are.
 */
export class NameIndexKeeper {
  private index: NameIndex | null = null;
  private building: Promise<void> | null = null;
  private seenGeneration = '';
  private seenChangeAt = 0;
  private lastBuildAt = 0;
  private stopped = false;

  constructor(
    private readonly db: Queryable,
    private readonly source: IndexSource,
    private readonly opts: {
      quietMs: number;
      maxStaleMs: number;
      /** Rows per read (tests make it small). */
      pageRows?: number;
      onBuilt?: (names: number, ms: number) => void;
      onError: (err: unknown) => void;
    },
  ) {}

  ready(generation: string, now = Date.now()): NameIndex | null {
    if (this.index?.generation === generation) return this.index;
    if (generation !== this.seenGeneration) {
      this.seenGeneration = generation;
      this.seenChangeAt = now;
    }
    // Builds are at least `quietMs` apart, so a failing or outrun build is not retried per request.
    const spaced = now - this.lastBuildAt >= this.opts.quietMs;
    const quiet = now - this.seenChangeAt >= this.opts.quietMs;
    const stale = now - this.lastBuildAt >= this.opts.maxStaleMs;
    if (!this.building && !this.stopped && spaced && (quiet || stale)) void this.rebuild();
    return null;
  }

  /** Build now (at start, and from `ready`); resolves when done, never rejects. */
  rebuild(): Promise<void> {
    this.building ??= (async () => {
      const started = Date.now();
      try {
        const built = await NameIndex.build(
          this.db,
          this.source,
          this.opts.pageRows ?? PAGE_ROWS,
          () => this.stopped,
          this.index,
        );
        if (built) {
          this.index = built;
          this.opts.onBuilt?.(built.size, Date.now() - started);
        }
      } catch (err) {
        this.opts.onError(err);
      } finally {
        this.lastBuildAt = Date.now();
        this.building = null;
      }
    })();
    return this.building;
  }

  /** Resolves when no build is running. */
  async idle(): Promise<void> {
    await this.building;
  }

  /** Before the service closes its database: a running build stops at its next page, none starts. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.building;
  }
}
