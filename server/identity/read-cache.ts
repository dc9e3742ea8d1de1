/**
 * A short-lived cache for the hot read paths (access-token checks, refreshes), which would
 * otherwise cost a database round trip each. The service clears it whole after every
 * operation that writes, so on this instance a revocation takes effect at once; another
 * instance sharing the database sees it within `ttlMs`.
 */
export class ReadCache<Value> {
  private entries = new Map<string, { value: Value; storedAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string, nowMs: number): Value | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (nowMs - entry.storedAt >= this.ttlMs || nowMs < entry.storedAt) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: Value, nowMs: number): void {
    // Bounded memory: when full, start over (cheaper than LRU bookkeeping on every hit).
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, storedAt: nowMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
