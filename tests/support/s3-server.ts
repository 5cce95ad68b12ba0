import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Config } from "../../app/lib/config.server.ts";

/** s3rver's fixed credentials: requests signed with anything else are refused. */
const ACCESS_KEY_ID = "S3RVER";
const SECRET_ACCESS_KEY = "S3RVER";
const REGION = "us-east-1";

export interface TestBucket {
  endpoint: string;
  bucket: string;
  /** Settings for S3Storage. */
  settings: S3Config;
  /** The environment a server needs to keep its pictures in this bucket. */
  env: Record<string, string>;
  /** Stops the server and deletes what it stored. */
  stop(): Promise<void>;
}

/** An S3-compatible server of the test's own on 127.0.0.1, with one empty bucket. */
export async function startS3Server(bucket = "rentals-media"): Promise<TestBucket> {
  const directory = mkdtempSync(path.join(tmpdir(), "s3-test-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    settings: {
      bucket,
      region: REGION,
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
    },
    env: {
      MEDIA_STORAGE: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: REGION,
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    },
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
