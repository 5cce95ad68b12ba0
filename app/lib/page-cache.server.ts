/** The forms a page is kept in: as rendered, and compressed once for each encoding we send. */
export const CACHED_ENCODINGS = ["br", "gzip", "identity"] as const;
export type CachedEncoding = (typeof CACHED_ENCODINGS)[number];

export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The body in each encoding, ready to send as it is. */
  bodies: Record<CachedEncoding, Buffer>;
  version: string;
}

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
      this.bytes -= sizeOf(entry);
      return undefined;
    }
    this.entries.set(key, entry);
    return entry;
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
