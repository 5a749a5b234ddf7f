import type * as S3Sdk from "@aws-sdk/client-s3";
import type { S3Client } from "@aws-sdk/client-s3";
import { Readable } from "node:stream";
import { CONTENT_TYPE_PATTERN, contentTypeFor, type FileStorage, isValidStorageKey } from "./storage.server";

export interface S3StorageOptions {
  bucket: string;
  /** An S3-compatible service's address (MinIO, Ceph, a cloud's object store); unset for AWS itself. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `bucket` in the path rather than the host name: what most S3-compatible services expect. */
  forcePathStyle: boolean;
  /** Prepended to every key, so several installations can share one bucket. */
  keyPrefix: string;
}

type Sdk = typeof S3Sdk;
/** The SDK is loaded on first use: an installation on local disk never loads its few megabytes. */
let sdk: Promise<Sdk> | undefined;
const loadSdk = () => (sdk ??= import("@aws-sdk/client-s3"));

/** A missing object: S3 says NoSuchKey (GET) or a bare 404 (some compatible services). */
function isMissing(error: unknown, { S3ServiceException }: Sdk): boolean {
  return error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata?.httpStatusCode === 404);
}

/**
 * Files in an S3-compatible bucket (decision 056), so instances on different machines share them.
 * Same contract as LocalDiskStorage: keys we could not have generated are never sent (null, or an
 * error for a write), a PUT is atomic by S3's own rules (readers see the whole old or new object),
 * deleting a missing object is not an error, and a content type read back is only believed when it
 * is a plain MIME type.
 */
export class S3Storage implements FileStorage {
  private client: S3Client | undefined;
  private readonly options: S3StorageOptions;
  private readonly bucket: string;
  private readonly keyPrefix: string;

  constructor(options: S3StorageOptions) {
    this.options = options;
    this.bucket = options.bucket;
    this.keyPrefix = options.keyPrefix;
  }

  private async connect(): Promise<{ client: S3Client; sdk: Sdk }> {
    const loaded = await loadSdk();
    const options = this.options;
    this.client ??= new loaded.S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
      // A stuck object store must not hold a page for ever; the SDK retries transient errors itself.
      requestHandler: { requestTimeout: 30_000, connectionTimeout: 5_000 },
    });
    return { client: this.client, sdk: loaded };
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    if (!isValidStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    if (!CONTENT_TYPE_PATTERN.test(contentType)) throw new Error(`Invalid content type: ${JSON.stringify(contentType)}`);
    const { client, sdk } = await this.connect();
    await client.send(new sdk.PutObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key), Body: data, ContentType: contentType, ContentLength: data.length }));
  }

  async get(key: string): Promise<{ data: Buffer; contentType: string } | null> {
    const object = await this.getObject(key);
    if (!object?.Body) return null;
    const data = Buffer.from(await object.Body.transformToByteArray());
    return { data, contentType: this.believedType(key, object.ContentType) };
  }

  async openReadStream(key: string): Promise<Readable | null> {
    const object = await this.getObject(key);
    if (!object?.Body) return null;
    // In Node the SDK's body is a Readable (an IncomingMessage with helpers mixed in).
    return object.Body instanceof Readable ? object.Body : Readable.fromWeb(object.Body.transformToWebStream() as Parameters<typeof Readable.fromWeb>[0]);
  }

  async delete(key: string): Promise<void> {
    if (!isValidStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    const { client, sdk } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  /** Closes the client's connections (tests, shutdown). */
  destroy(): void {
    this.client?.destroy();
  }

  private async getObject(key: string) {
    if (!isValidStorageKey(key)) return null;
    const { client, sdk } = await this.connect();
    try {
      return await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
    } catch (error) {
      if (isMissing(error, sdk)) return null;
      throw error;
    }
  }

  private believedType(key: string, stored: string | undefined): string {
    return stored && CONTENT_TYPE_PATTERN.test(stored) ? stored : contentTypeFor(key);
  }

  private objectKey(key: string): string {
    return `${this.keyPrefix}${key}`;
  }
}
