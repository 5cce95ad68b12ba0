/** The forms a page is kept in: as rendered, and compressed once for each encoding we send. */
export const CACHED_ENCODINGS = ["br", "gzip", "identity"] as const;
export type CachedEncoding = (typeof CACHED_ENCODINGS)[number];

export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The body in each encoding, ready to send as it is. */
  bodies: Record<CachedEncoding, Buffer>;
  version: string;
  /**
   * When the page was found out of date but may still be sent while it is rendered again
   * (stale-while-revalidate): what a change elsewhere may have touched, such as another unit's
   * card among a unit page's similar units. Milliseconds since the epoch.
   */
  staleSince?: number;
}

/** What a change of content version means for one kept page. */
export type Revalidation = "keep" | "stale" | "drop";

/** How long an out-of-date page may be sent while it is rendered again, at most. */
export const STALE_MAX_MS = 60_000;

const sizeOf = (page: CachedPage) =>
  CACHED_ENCODINGS.reduce((sum, encoding) => sum + page.bodies[encoding].length, 0);

/**
 * The most the page cache holds, every encoding counted: about 90 pages as big as the home page
 * (some 270 KB in its three encodings), more than the site's pages in both languages; its share
 * of the server's memory budget (decision 099).
 */
export const PAGE_CACHE_MAX_BYTES = 24 * 1024 * 1024;

/**
 * Rendered public pages kept in memory, newest use last (an LRU map), bounded in entries and
 * bytes (all encodings counted). An entry is only good for the content version it was rendered at.
 */
export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private bytes = 0;

  constructor(
    readonly maxEntries = 500,
    readonly maxBytes = PAGE_CACHE_MAX_BYTES,
  ) {}

  get(key: string, version: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.version !== version) {
      if (entry.staleSince !== undefined && Date.now() - entry.staleSince < STALE_MAX_MS) {
        this.entries.set(key, entry);
      } else {
        this.bytes -= sizeOf(entry);
      }
      return undefined;
    }
    this.entries.set(key, entry);
    return entry;
  }

  /** The page kept under `key` as it is, without counting as a use. */
  peek(key: string): CachedPage | undefined {
    return this.entries.get(key);
  }

  /** A page marked stale by `revalidate`, still young enough to send while it is rendered. */
  stale(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (entry?.staleSince === undefined || Date.now() - entry.staleSince >= STALE_MAX_MS) return;
    return entry;
  }

  /**
   * The content moved from version `from` to `to`: each page kept at `from` is kept as it is
   * (now good for `to`), marked stale, or dropped, as `decide` says from its key. A page already
   * stale is dropped when the change touches it directly; other pages kept at older versions
   * are left to miss.
   */
  revalidate(from: string, to: string, decide: (key: string) => Revalidation): void {
    const now = Date.now();
    for (const [key, entry] of this.entries) {
      const verdict = decide(key);
      if (verdict === "drop" && (entry.version === from || entry.staleSince !== undefined)) {
        this.entries.delete(key);
        this.bytes -= sizeOf(entry);
      } else if (entry.version !== from || entry.staleSince !== undefined) {
        // Stale, or out of date already: it stays as it is.
      } else if (verdict === "keep") {
        entry.version = to;
      } else {
        entry.staleSince = now;
      }
    }
  }

  set(key: string, entry: CachedPage): void {
    const size = sizeOf(entry);
    if (size > this.maxBytes / 8) return;
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= sizeOf(old);
      this.entries.delete(key);
    }
    this.entries.set(key, entry);
    this.bytes += size;
    for (const [oldest, page] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= sizeOf(page);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }
}
