import type { Dirent } from 'node:fs';
import { mkdir, readdir, readFile, rename, rmdir, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * Where pictures live once made. The default is a folder on the server's disk; an object store
 * (S3, R2, GCS) fits behind the same calls, with the same keys (a listing by prefix and a
 * delete are what such stores offer too).
 */
export interface MediaStore {
  /** The bytes stored under `key`, or null when nothing is. */
  read(key: string): Promise<Uint8Array | null>;
  /** Stores `bytes` under `key`, replacing what was there; a reader never sees half a file. */
  write(key: string, bytes: Uint8Array): Promise<void>;
  /** Every key stored under the folder `prefix` (ending in `/`). */
  list(prefix: string): Promise<string[]>;
  /** Deletes what is stored under `key`; nothing there is not an error. */
  remove(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9+._-]*(?:\/[a-z0-9][a-z0-9+._-]*)*$/;

/** A folder as a media store: a key is a relative path inside it, and can name nothing outside. */
export function localMediaStore(folder: string): MediaStore {
  const root = resolve(folder);
  const pathOf = (key: string): string => {
    const path = resolve(join(root, key));
    if (!KEY.test(key) || key.includes('..') || !path.startsWith(root + sep)) {
      throw new Error(`Not a media key: ${JSON.stringify(key)}`);
    }
    return path;
  };
  return {
    async read(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async write(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside, then renamed: two servers making the same picture at once both succeed,
      // and a reader gets the old file or the new one, whole.
      const partial = `${path}.${process.pid}.${Date.now()}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, path);
    },
    async list(prefix) {
      if (!prefix.endsWith('/')) throw new Error(`Not a media folder: ${JSON.stringify(prefix)}`);
      const folder = pathOf(prefix.slice(0, -1));
      let entries: Dirent[];
      try {
        entries = await readdir(folder, { recursive: true, withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      // Files being written aside (`.partial`) are not stored yet.
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => prefix + relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'))
        .filter((key) => KEY.test(key) && !key.endsWith('.partial'));
    },
    async remove(key) {
      const path = pathOf(key);
      try {
        await unlink(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      // Folders emptied by the removal go too, up to the store's root.
      for (let folder = dirname(path); folder !== root && folder.startsWith(root + sep); folder = dirname(folder)) {
        try {
          await rmdir(folder);
        } catch {
          break;
        }
      }
    },
  };
}
