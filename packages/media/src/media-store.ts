import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Where pictures live once made. The default is a folder on the server's disk; an object store
 * (S3, R2, GCS) fits behind the same two calls, with the same keys.
 */
export interface MediaStore {
  /** The bytes stored under `key`, or null when nothing is. */
  read(key: string): Promise<Uint8Array | null>;
  /** Stores `bytes` under `key`, replacing what was there; a reader never sees half a file. */
  write(key: string, bytes: Uint8Array): Promise<void>;
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
  };
}
