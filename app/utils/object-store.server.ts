/**
 * Objects in an S3-compatible bucket under a key prefix (decision 102): the file store's durable copy when
 * FILE_STORE_URL is set. Put from a local file, get into a local file (written to a temporary name, then renamed),
 * delete, list. Used by app/models/files/store.server.ts only. The local file's modification time travels as object metadata, so a copy fetched on another machine
 * keeps the time (and so the ETag) the file was served with before.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import { pipeline } from "node:stream/promises";
import type { Readable } from "node:stream";

import type { FileStoreConfig } from "~/utils/env.server";
import { s3Sdk } from "~/utils/optional-sdk.server";

export type ObjectStore = {
  /** Puts a local file under `key`. Throws when the store does not take it. */
  put(key: string, file: string): Promise<void>;
  /** Writes the object `key` to `dest`; false when there is no such object. Throws when the store cannot answer. */
  get(key: string, dest: string): Promise<boolean>;
  /** Deletes objects (missing ones are no error). */
  delete(keys: string[]): Promise<void>;
  /** The keys under `prefix`, relative to it. */
  list(prefix: string): Promise<string[]>;
  /** Where it stores, for logs: s3://bucket/prefix. */
  readonly url: string;
};

const joinKey = (...parts: string[]) => parts.filter(Boolean).join("/");

export function objectStore(config: FileStoreConfig): ObjectStore {
  const { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException } = s3Sdk();
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: Boolean(config.endpoint),
    // As for backups (server/backup.ts): checksums only where S3 requires them, since several S3-compatible stores
    // would keep the SDK's aws-chunked framing as the object's bytes.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // An unreachable store answers an upload within seconds, never holds a request for minutes.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
    maxAttempts: 2,
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
  });
  const keyOf = (key: string) => joinKey(config.prefix, key);
  return {
    url: `s3://${config.bucket}/${config.prefix}`,
    async put(key, file) {
      const stat = await fs.promises.stat(file);
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: keyOf(key),
          Body: fs.createReadStream(file),
          ContentLength: stat.size,
          Metadata: { mtime: String(Math.floor(stat.mtimeMs)) },
        }),
      );
    },
    async get(key, dest) {
      let answer;
      try {
        answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: keyOf(key) }));
      } catch (error) {
        if (error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404)) return false;
        throw error;
      }
      const body = answer.Body as Readable | undefined;
      if (!body) throw new Error(`${key}: the file store answered no body`);
      const temp = `${dest}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.part`;
      try {
        await pipeline(body, fs.createWriteStream(temp));
        const mtime = Number(answer.Metadata?.mtime);
        // Half a millisecond over the stored one, so that rounding in the filesystem's nanoseconds keeps the same ms.
        const at = (mtime + 0.5) / 1000;
        if (Number.isFinite(mtime) && mtime > 0) await fs.promises.utimes(temp, at, at);
        await fs.promises.rename(temp, dest);
      } finally {
        await fs.promises.rm(temp, { force: true });
      }
      return true;
    },
    async delete(keys) {
      // One DeleteObject per key: DeleteObjects needs a body checksum that not every S3-compatible store checks alike.
      await Promise.all(keys.map((k) => client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: keyOf(k) }))));
    },
    async list(prefix) {
      const keys: string[] = [];
      const full = `${joinKey(config.prefix, prefix)}/`;
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: config.bucket, Prefix: full, ContinuationToken: token }));
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key.slice(full.length));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
  };
}
