/**
 * Where backups go (decision 101): the BACKUP_URL target and the store of its `files/` and `keys/`. Used by the
 * supervisor's backup (server/backup.ts), restore, and the file store, which copies each upload as it is stored
 * (models/files/store.server.ts); kept here so the app does not import the supervisor's code.
 */
import fs from "node:fs";
import path from "node:path";

import type { FileStoreConfig } from "~/utils/env.server";
import { s3Sdk } from "~/utils/optional-sdk.server";

export type BackupTarget =
  | { kind: "file"; dir: string; url: string }
  /** The bucket's settings as the file store's (the prefix "" for the bucket's root). */
  | ({ kind: "s3"; url: string } & FileStoreConfig);

/**
 * BACKUP_URL and its companions: `file:///abs/folder` or `s3://bucket/optional/prefix` with BACKUP_S3_ENDPOINT (any
 * S3-compatible store), BACKUP_S3_REGION (default us-east-1) and BACKUP_S3_ACCESS_KEY_ID / BACKUP_S3_SECRET_ACCESS_KEY
 * (else the AWS SDK's usual sources). Unset or empty: null. A malformed value throws a message naming the variable.
 */
export function backupTarget(env: NodeJS.ProcessEnv = process.env): BackupTarget | null {
  const raw = env.BACKUP_URL?.trim();
  if (!raw) return null;
  const bad = (why: string) => new Error(`Invalid environment configuration:\n  BACKUP_URL: ${why}, got "${raw}"`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw bad("expected file:///absolute/folder or s3://bucket/prefix");
  }
  if (url.protocol === "file:") {
    const dir = decodeURIComponent(url.pathname);
    if (url.host || !path.isAbsolute(dir) || dir === "/") throw bad("a file:// URL needs an absolute folder other than /, as file:///var/backups/patternhouse");
    return { kind: "file", dir: dir.replace(/\/+$/, ""), url: raw };
  }
  if (url.protocol === "s3:") {
    if (!url.hostname) throw bad("an s3:// URL needs a bucket, as s3://bucket/prefix");
    const endpoint = env.BACKUP_S3_ENDPOINT?.trim() || undefined;
    if (endpoint && !/^https?:\/\/[^/]+/.test(endpoint)) {
      throw new Error(`Invalid environment configuration:\n  BACKUP_S3_ENDPOINT: expected http(s)://host[:port], got "${endpoint}"`);
    }
    return {
      kind: "s3",
      bucket: url.hostname,
      prefix: decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, ""),
      endpoint,
      region: env.BACKUP_S3_REGION?.trim() || "us-east-1",
      accessKeyId: env.BACKUP_S3_ACCESS_KEY_ID?.trim() || undefined,
      secretAccessKey: env.BACKUP_S3_SECRET_ACCESS_KEY?.trim() || undefined,
      url: raw,
    };
  }
  throw bad("expected a file:// or s3:// URL");
}

export const joinKey = (...parts: string[]) => parts.filter(Boolean).join("/");

/** Files of the target (`files/`, `keys/`): put, list and get, for a folder or an S3 bucket. */
export type BackupStore = {
  put(kind: "files" | "keys", name: string, source: string): Promise<void>;
  list(kind: "files" | "keys"): Promise<Set<string>>;
  /** Copies one object to `dest` (written to a temporary name, then renamed). */
  get(kind: "files" | "keys", name: string, dest: string): Promise<void>;
};

export function backupStore(target: BackupTarget): BackupStore {
  if (target.kind === "file") {
    const dirOf = (kind: string) => path.join(target.dir, kind);
    return {
      async put(kind, name, source) {
        await fs.promises.mkdir(dirOf(kind), { recursive: true });
        const dest = path.join(dirOf(kind), name);
        const temp = `${dest}.part-${process.pid}`;
        await fs.promises.copyFile(source, temp);
        const handle = await fs.promises.open(temp, "r+");
        await handle.sync().finally(() => handle.close());
        await fs.promises.rename(temp, dest);
      },
      async list(kind) {
        const names = await fs.promises.readdir(dirOf(kind)).catch(() => [] as string[]);
        return new Set(names.filter((n) => !n.includes(".part-")));
      },
      async get(kind, name, dest) {
        const temp = `${dest}.part-${process.pid}`;
        await fs.promises.copyFile(path.join(dirOf(kind), name), temp);
        await fs.promises.rename(temp, dest);
      },
    };
  }
  const { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } = s3Sdk();
  const client = new S3Client({
    region: target.region,
    endpoint: target.endpoint,
    forcePathStyle: Boolean(target.endpoint),
    // Checksums only where S3 requires them: the SDK's default streams uploads as aws-chunked with a trailing
    // checksum, which several S3-compatible stores do not understand (they would store the chunk framing).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    credentials: target.accessKeyId && target.secretAccessKey ? { accessKeyId: target.accessKeyId, secretAccessKey: target.secretAccessKey } : undefined,
  });
  const keyOf = (kind: string, name: string) => joinKey(target.prefix, kind, name);
  return {
    async put(kind, name, source) {
      const stat = await fs.promises.stat(source);
      await client.send(new PutObjectCommand({ Bucket: target.bucket, Key: keyOf(kind, name), Body: fs.createReadStream(source), ContentLength: stat.size }));
    },
    async list(kind) {
      const names = new Set<string>();
      const prefix = `${joinKey(target.prefix, kind)}/`;
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: target.bucket, Prefix: prefix, ContinuationToken: token }));
        for (const item of page.Contents ?? []) if (item.Key) names.add(item.Key.slice(prefix.length));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return names;
    },
    async get(kind, name, dest) {
      const answer = await client.send(new GetObjectCommand({ Bucket: target.bucket, Key: keyOf(kind, name) }));
      const temp = `${dest}.part-${process.pid}`;
      const body = answer.Body as NodeJS.ReadableStream | undefined;
      if (!body) throw new Error(`${name}: the backup store answered no body`);
      await new Promise<void>((resolve, reject) => {
        const out = fs.createWriteStream(temp);
        body.on("error", reject);
        out.on("error", reject);
        out.on("finish", () => resolve());
        body.pipe(out);
      });
      await fs.promises.rename(temp, dest);
    },
  };
}
