import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ApplyToJoinProblem } from '@malewa/contracts/join/apply-to-join';
import { type DocumentKind, type DocumentType, MAX_DOCUMENT_BYTES } from '@malewa/contracts/join/join-rules';
import { AppError } from '#api/app-error.ts';

/** A document as kept: its random name in the store, what it really is, its size and digest. */
export interface StoredDocument {
  storageKey: string;
  contentType: DocumentType;
  sizeBytes: number;
  sha256: string;
}

/** The first bytes of each type we take. A file's name and the type its sender claims are not believed. */
const SIGNATURES: [DocumentType, number[]][] = [
  ['application/pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
];

export function sniffDocumentType(head: Uint8Array): DocumentType | undefined {
  return SIGNATURES.find(([, signature]) => signature.every((byte, i) => head[i] === byte))?.[0];
}

/**
 * Applicants' documents (IDs, certificates): files in a directory outside the web root, each
 * under a random name, never served but to operators through the API. A file is checked while
 * it streams in: its first bytes must be a PDF, a JPEG or a PNG, and it must stay within
 * MAX_DOCUMENT_BYTES; either failure removes what was written.
 */
export function createDocumentStore(dir: string) {
  const pathOf = (storageKey: string) => {
    if (!/^[a-f0-9]{32}$/.test(storageKey)) throw new Error('not a document key');
    return join(dir, storageKey);
  };
  return {
    async save(stream: Readable, field: DocumentKind): Promise<StoredDocument> {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const storageKey = randomBytes(16).toString('hex');
      const path = pathOf(storageKey);
      const hash = createHash('sha256');
      let sizeBytes = 0;
      let contentType: DocumentType | undefined;
      let head = Buffer.alloc(0);
      // The file exists before anything is piped: a stream that opens it lazily could create it
      // after a refused file was removed, leaving it behind (seen under load).
      const file = await open(path, 'wx', 0o600);
      try {
        await pipeline(
          stream,
          async function* check(chunks: AsyncIterable<Buffer>) {
            for await (const chunk of chunks) {
              sizeBytes += chunk.length;
              if (sizeBytes > MAX_DOCUMENT_BYTES) {
                throw new AppError('PAYLOAD_TOO_LARGE', 'A document may be 5 MB at most', {
                  fields: { [field]: ['This file is larger than 5 MB: send a smaller scan or photo'] },
                  problem: { code: 'document_too_large', document: field } satisfies ApplyToJoinProblem,
                });
              }
              if (!contentType) {
                head = Buffer.concat([head, chunk]);
                if (head.length >= 8) {
                  contentType = sniffDocumentType(head);
                  if (!contentType) throw unsupported(field);
                }
              }
              hash.update(chunk);
              yield chunk;
            }
          },
          file.createWriteStream(),
        );
        if (!contentType) contentType = sniffDocumentType(head);
        if (!contentType || sizeBytes === 0) throw unsupported(field);
        return { storageKey, contentType, sizeBytes, sha256: hash.digest('hex') };
      } catch (error) {
        await file.close().catch(() => {});
        // The refusal (too large, not a document) is the answer, not a failure to clean up.
        await rm(path, { force: true }).catch(() => {});
        throw error;
      }
    },
    open(storageKey: string): Readable {
      return createReadStream(pathOf(storageKey));
    },
    async remove(storageKey: string): Promise<void> {
      await rm(pathOf(storageKey), { force: true });
    },
  };
}

function unsupported(field: DocumentKind): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', 'A document must be a PDF, a JPEG or a PNG', {
    fields: { [field]: ['Send a PDF, a JPEG or a PNG'] },
    problem: { code: 'document_type', document: field } satisfies ApplyToJoinProblem,
  });
}

export type DocumentStore = ReturnType<typeof createDocumentStore>;
