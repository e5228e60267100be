/** The demo data's files, written under random names (like real uploads) into the uploads directory. */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

type FileKind = "media" | "pattern";

/** Rendered once, written once per owning store. */
export interface Asset {
  key: string;
  data: Buffer;
  originalName: string;
  contentType: string;
  kind: FileKind;
}

export interface PlannedFile {
  name: string;
  originalName: string;
  contentType: string;
  size: number;
  kind: FileKind;
  /** Index into plan.users. */
  owner: number;
}

/** Writes files under random names into the uploads directory and remembers them for `files`. */
export class Uploads {
  readonly rows: PlannedFile[] = [];
  private readonly copies = new Map<string, string>();

  constructor(private readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true });
  }

  write(data: Buffer, meta: Omit<PlannedFile, "name" | "size">): string {
    const name = `${crypto.randomBytes(16).toString("hex")}${path.extname(meta.originalName)}`;
    fs.writeFileSync(path.join(this.dir, name), data);
    this.rows.push({ ...meta, name, size: data.length });
    return name;
  }

  /** The owner's own file holding `asset`, written on first use. */
  copyFor(owner: number, asset: Asset): string {
    const key = `${owner}:${asset.key}`;
    let name = this.copies.get(key);
    if (!name) {
      name = this.write(asset.data, { ...asset, owner });
      this.copies.set(key, name);
    }
    return name;
  }

  removeWritten(): void {
    for (const row of this.rows) fs.rmSync(path.join(this.dir, row.name), { force: true });
  }
}
