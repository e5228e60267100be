/**
 * A local S3-compatible server for the backup tests: s3rver (a real S3 protocol server on loopback, objects kept in
 * a temporary folder), with one bucket. Its listing bug is patched (patches/README.md).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import S3rver from "s3rver";

/** s3rver accepts this fixed key pair. */
export const S3_KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export async function startS3Server({ port, bucket }: { port: number; bucket: string }) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "patternhouse-s3-"));
  const server = new S3rver({ port, address: "127.0.0.1", directory, silent: true, configureBuckets: [{ name: bucket }] });
  // eslint-disable-next-line no-restricted-syntax -- the fake S3 server's run(), not a database call
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    directory,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
