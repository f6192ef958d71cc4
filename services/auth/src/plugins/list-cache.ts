/**
 * Answers to team-list queries, kept until the member data changes. Every member write or sign-in
 * on this instance bumps the version after commit; writes on other instances arrive as
 * member_upserted events. Entries also expire after `maxAgeMs`, so an event this instance missed
 * cannot keep a stale list for long.
 */
export class ListCache<T> {
  private version = 0;
  private readonly entries = new Map<string, { version: number; at: number; value: T }>();

  constructor(
    private readonly maxEntries = 500,
    private readonly maxAgeMs = 5000,
  ) {}

  get(key: string): T | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.version !== this.version || Date.now() - e.at > this.maxAgeMs) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  /** Store an answer computed while the data was at `version` (read it with `current()` before the query). */
  set(key: string, value: T, version: number): void {
    if (version !== this.version) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { version, at: Date.now(), value });
  }

  current(): number {
    return this.version;
  }

  invalidate(): void {
    this.version++;
    this.entries.clear();
  }
}
