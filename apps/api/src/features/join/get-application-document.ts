import type { Readable } from 'node:stream';
import { AppError } from '#api/app-error.ts';
import { attachmentDisposition, documentDownloadName } from './document-download.ts';
import type { DocumentStore } from './document-store.ts';
import type { JoinRepository } from './join-repository.ts';

/**
 * A document of an application, as an operator downloads it: its checked type, never the
 * name's, saved under a name of its kind and that type (`id-document.pdf`).
 */
export async function getApplicationDocument(
  deps: { join: JoinRepository; documents: DocumentStore },
  applicationId: string,
  documentId: string,
): Promise<{ stream: Readable; contentType: string; sizeBytes: number; contentDisposition: string }> {
  const document = await deps.join.document(applicationId, documentId);
  if (!document) throw new AppError('NOT_FOUND', 'No such document');
  return {
    stream: deps.documents.open(document.storageKey),
    contentType: document.contentType,
    sizeBytes: document.sizeBytes,
    contentDisposition: attachmentDisposition(documentDownloadName(document.kind, document.contentType)),
  };
}
