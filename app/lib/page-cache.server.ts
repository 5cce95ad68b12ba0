import { eq } from "drizzle-orm";
import type { AppDatabase } from "../db/client.server.ts";
import { settings } from "../db/schema.ts";

/** The content version: bumped by a database trigger on every write to the listing tables. */
export async function contentVersion(db: AppDatabase): Promise<string> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, "content_version"));
  return JSON.stringify(row?.value ?? 0);
}

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** The CSP nonce the body was rendered with; each reply gets a fresh one instead. */
  nonce: string;
  version: string;
}

/**
 * Rendered public pages kept in memory, newest use last (an LRU map), bounded in entries and
 * bytes. An entry is only good for the content version it was rendered at.
 */
export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private bytes = 0;

  constructor(
    readonly maxEntries = 500,
    readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  get(key: string, version: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.version !== version) {
      this.bytes -= entry.body.length;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: CachedPage): void {
    if (entry.body.length > this.maxBytes / 8) return;
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.body.length;
      this.entries.delete(key);
    }
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    for (const [oldest, page] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= page.body.length;
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }
}
