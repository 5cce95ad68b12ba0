/**
 * The media storage the server is given at start. The interface lives here, below the database
 * and the features, so that backups and the runtime can hold a storage without knowing which one.
 */

/** One stored file, as `list` reports it. */
export interface StoredFile {
  /** The same relative path `put` took, e.g. `uploads/<hex>-480.webp`. */
  path: string;
  /** When the file was last written. */
  modifiedAt: Date;
  size: number;
}

/**
 * Where media files live: local disk (LocalDiskStorage) on one machine, an S3-compatible
 * bucket (S3Storage) when several servers share them. Paths are relative, made by the server
 * (see `assertSafeMediaPath`), and the same in every implementation.
 */
export interface MediaStorage {
  put(relativePath: string, data: Uint8Array): Promise<void>;
  exists(relativePath: string): Promise<boolean>;
  /** Removes a file; removing one that is not there is not an error. */
  remove(relativePath: string): Promise<void>;
  /**
   * Every file whose path starts with `prefix` (e.g. `uploads/` or `demo/`; `""` for all),
   * in no particular order. Used by the upload sweep and to find missing demo pictures.
   */
  list(prefix: string): Promise<StoredFile[]>;
  /** A file's bytes (for backups), or undefined when there is no such file. */
  get(relativePath: string): Promise<Uint8Array | undefined>;
}
