import type { DocumentKind, DocumentType } from '@malewa/contracts/join/join-rules';

/** The extension of each type a document is checked to be (by its first bytes, document-store.ts). */
const EXTENSIONS: Record<DocumentType, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

const NAMES: Record<DocumentKind, string> = {
  id: 'id-document',
  'food-safety': 'food-safety-certificate',
  trading: 'trading-licence',
};

/**
 * The name an operator's browser saves a document under: what it is and the extension of its
 * checked type (`id-document.pdf`). Never the applicant's own file name, whose extension says
 * nothing about the bytes (a PDF sent as `scan.html` would be saved, and opened, as a page).
 */
export function documentDownloadName(kind: DocumentKind, contentType: DocumentType): string {
  return `${NAMES[kind]}.${EXTENSIONS[contentType]}`;
}

/**
 * `Content-Disposition: attachment` for a file name, as browsers read it (RFC 6266): an ASCII
 * `filename` (anything else replaced by `_`) for those that know no more, and `filename*`,
 * UTF-8 percent-encoded (RFC 8187), which the others prefer.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^A-Za-z0-9._-]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
