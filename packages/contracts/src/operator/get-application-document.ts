import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

export const ZApplicationDocumentParamsSchema = z.object({ id: z.uuid(), documentId: z.uuid() });

/** The file's bytes, as stored; its content type is one of DOCUMENT_TYPES (join-rules.ts). */
export const ZApplicationDocumentFileSchema = z.string().meta({ format: 'binary' });

/**
 * `GET /api/operator/applications/{id}/documents/{documentId}` (operators): the file, not JSON
 * (the route says its types); a refusal is JSON, as everywhere.
 */
export const getApplicationDocumentEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/operator/applications/:id/documents/:documentId',
  tags: ['operator'],
  summary: 'Download a document of an application (operators)',
  description:
    'The file as stored, with its checked type (PDF, JPEG or PNG), as an attachment named after its kind and that type (`id-document.pdf`, never the applicant’s file name); never cached.',
  access: ['operator'],
  params: ZApplicationDocumentParamsSchema,
  success: { 200: ZApplicationDocumentFileSchema },
  refusals: [400, 401, 403, 404],
});
