import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3StorageOptions } from "~/server/storage/s3-storage.server";

export interface LocalS3 {
  /** Options for S3Storage, and the same as S3_* environment variables for a server. */
  options: S3StorageOptions;
  env: Record<string, string>;
  close: () => Promise<void>;
}

/**
 * A local S3-compatible server (s3rver, from npm) on a free loopback port with one empty bucket,
 * its objects in a temporary folder that close() removes (decision 056).
 */
export async function startLocalS3(bucket = "partnernet-test"): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "pn-s3-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const options: S3StorageOptions = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    // s3rver's fixed credentials: it checks signatures like S3.
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
    keyPrefix: "",
  };
  return {
    options,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: options.endpoint!,
      S3_REGION: options.region,
      S3_ACCESS_KEY_ID: options.accessKeyId!,
      S3_SECRET_ACCESS_KEY: options.secretAccessKey!,
      S3_FORCE_PATH_STYLE: "true",
    },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
