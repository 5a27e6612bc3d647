// FileStore: where uploaded bytes live. The implementation keeps them in the database (table
// `files`) so every API instance can serve every file (docs/architecture.md §1 "Scale-out"); callers only
// see the interface, so a disk or object-store implementation could replace it.
import { eq } from 'drizzle-orm';
import { API_PREFIX } from '../../../src/contract';
import type { Db } from '../db/client';
import { files } from '../db/schema';

export interface StoredFile {
  id: string;
  kind: string;
  mime: string;
  size: number;
  bytes: Buffer;
  createdAt: Date;
}

export interface FileStore {
  /** Stores the bytes and answers the new file's id (a uuid). */
  put(kind: string, mime: string, bytes: Buffer): Promise<string>;
  get(id: string): Promise<StoredFile | undefined>;
  remove(id: string): Promise<void>;
}

/** Public URL of an avatar, served by routes/files.ts. */
export const avatarUrl = (fileId: string): string => `${API_PREFIX}/files/avatars/${fileId}`;

export function dbFileStore(db: Db): FileStore {
  return {
    async put(kind, mime, bytes) {
      const [row] = await db.insert(files).values({ kind, mime, size: bytes.length, bytes }).returning({ id: files.id });
      return row.id;
    },
    async get(id) {
      const [row] = await db.select().from(files).where(eq(files.id, id));
      return row;
    },
    async remove(id) {
      await db.delete(files).where(eq(files.id, id));
    },
  };
}
