import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';

/**
 * Where image files live, by key (`u1/5-3f9a.../small.webp`). Local disk today; an
 * S3-compatible store implements the same three calls (a key is an object name, a prefix
 * delete is a list-and-delete).
 */
export interface FileStore {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes every file whose key starts with `prefix/`; removing nothing is not an error. */
  deletePrefix(prefix: string): Promise<void>;
}

/** Keys are made by the service, but a key must never reach outside the store's directory. */
const SAFE_KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!SAFE_KEY.test(key) || key.split('/').includes('..')) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(this.root, key);
  }

  /** The content type is not kept: the key's extension says it. */
  async put(key: string, data: Buffer, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Readers see the old file or the whole new one, never half a write.
    const temp = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    try {
      await fs.writeFile(temp, data);
      await fs.rename(temp, target);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    await fs.rm(this.pathOf(prefix), { recursive: true, force: true });
  }
}

/** The store the app uses: files under DATA_DIR, beside the embedded database. */
export function createMediaStore(config: Pick<Config, 'DATA_DIR'>): FileStore {
  return new LocalFileStore(path.join(config.DATA_DIR, 'media'));
}
