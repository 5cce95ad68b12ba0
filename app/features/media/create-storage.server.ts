import type { AppConfig } from "../../lib/config.server.ts";
import type { MediaStorage } from "../../lib/media-storage.ts";
import { S3Storage } from "./s3-storage.server.ts";
import { LocalDiskStorage } from "./storage.server.ts";

/** The media storage the configuration names: local disk (the default) or an S3 bucket. */
export function createMediaStorage(config: AppConfig): MediaStorage {
  return config.media.storage === "s3"
    ? new S3Storage(config.media.s3)
    : new LocalDiskStorage(config.mediaDir);
}
