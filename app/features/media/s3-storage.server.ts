import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { MediaStorage, StoredFile } from "../../lib/media-storage.ts";
import { assertSafeMediaPath } from "./storage.server.ts";

export interface S3Settings {
  bucket: string;
  region: string;
  /** For S3-compatible servers (MinIO, Ceph, R2 ...); unset for Amazon S3. */
  endpoint?: string;
  /** `https://host/bucket/key` rather than `https://bucket.host/key`; most other servers need it. */
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain (environment, shared files, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Sent with every picture, and stored with it so a CDN in front of the bucket sends it too. */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** A picture read from the bucket, to be streamed to a browser. */
export interface MediaObject {
  body: Readable;
  contentType: string;
  contentLength: number | undefined;
  etag: string | undefined;
  lastModified: Date | undefined;
}

/**
 * Media in an S3-compatible bucket: the same relative paths as on disk become object keys.
 * Objects are written whole by one request, so a reader never sees half a picture.
 */
export class S3Storage implements MediaStorage {
  readonly client: S3Client;
  readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      maxAttempts: 3,
    });
  }

  async put(relativePath: string, data: Uint8Array): Promise<void> {
    assertSafeMediaPath(relativePath);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: relativePath,
        Body: data,
        ContentType: relativePath.endsWith(".pdf")
          ? "application/pdf"
          : relativePath.endsWith(".avif")
            ? "image/avif"
            : "image/webp",
        // Private documents are never cached by a CDN or browser on the way.
        CacheControl: relativePath.startsWith("private/")
          ? "private, no-store"
          : MEDIA_CACHE_CONTROL,
      }),
    );
  }

  async exists(relativePath: string): Promise<boolean> {
    assertSafeMediaPath(relativePath);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: relativePath }));
      return true;
    } catch (error) {
      if (statusOf(error) === 404) return false;
      throw error;
    }
  }

  async remove(relativePath: string): Promise<void> {
    assertSafeMediaPath(relativePath);
    // S3 answers a deletion of a missing key with success, as local removal does.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: relativePath }));
  }

  async list(prefix: string): Promise<StoredFile[]> {
    const files: StoredFile[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) {
        if (!item.Key) continue;
        files.push({
          path: item.Key,
          modifiedAt: item.LastModified ?? new Date(0),
          size: item.Size ?? 0,
        });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return files;
  }

  async get(relativePath: string): Promise<Uint8Array | undefined> {
    const object = await this.open(relativePath);
    if (!object || object === "not-modified") return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /**
   * Opens a picture for streaming; `undefined` when there is no such object, `"not-modified"`
   * when it still has the ETag the browser holds.
   */
  async open(
    relativePath: string,
    ifNoneMatch?: string,
  ): Promise<MediaObject | "not-modified" | undefined> {
    assertSafeMediaPath(relativePath);
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: relativePath, IfNoneMatch: ifNoneMatch }),
      );
      return {
        body: object.Body as Readable,
        contentType: object.ContentType ?? "image/webp",
        contentLength: object.ContentLength,
        etag: object.ETag,
        lastModified: object.LastModified,
      };
    } catch (error) {
      const status = statusOf(error);
      if (status === 304) return "not-modified";
      if (status === 404) return undefined;
      throw error;
    }
  }

  close(): void {
    this.client.destroy();
  }
}

function statusOf(error: unknown): number | undefined {
  if (error instanceof S3ServiceException) return error.$metadata.httpStatusCode;
  return (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}
