import { describe, expect, it } from 'vitest';
import { attachmentDisposition, documentDownloadName } from './document-download.ts';

describe('a document’s download', () => {
  it('is named after its kind and the extension of its checked type', () => {
    expect(documentDownloadName('id', 'application/pdf')).toBe('id-document.pdf');
    expect(documentDownloadName('food-safety', 'image/jpeg')).toBe('food-safety-certificate.jpg');
    expect(documentDownloadName('trading', 'image/png')).toBe('trading-licence.png');
  });

  it('is an attachment with an ASCII filename and the UTF-8 one browsers prefer', () => {
    expect(attachmentDisposition('id-document.pdf')).toBe(
      `attachment; filename="id-document.pdf"; filename*=UTF-8''id-document.pdf`,
    );
    // Nothing in either can end the header's value or the quoted name.
    expect(attachmentDisposition('cheti "ya" usalama;(1)é.pdf')).toBe(
      `attachment; filename="cheti__ya__usalama__1__.pdf"; filename*=UTF-8''cheti%20%22ya%22%20usalama%3B%281%29%C3%A9.pdf`,
    );
  });
});
