import { dataEnvelope } from '@malewa/contracts/envelope';
import { ZErrorResponseSchema } from '@malewa/contracts/errors';
import { ZApplicationSchema } from '@malewa/contracts/join/application';
import {
  ZApproveApplicationResponseSchema,
  ZRejectApplicationRequestSchema,
  ZRejectApplicationResponseSchema,
} from '@malewa/contracts/operator/decide-application';
import {
  ZApplicationDocumentParamsSchema,
  ZApplicationParamsSchema,
  ZListApplicationsRequestSchema,
  ZListApplicationsResponseSchema,
} from '@malewa/contracts/operator/list-applications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DecideApplicationDeps } from '../../flows/application-decision.ts';
import { approveApplication } from '../../flows/approve-application.ts';
import { rejectApplication } from '../../flows/reject-application.ts';
import { principalOf, requireRole } from '../../plugins/access-control.ts';
import type { DocumentStore } from './document-store.ts';
import { getApplication } from './get-application.ts';
import { getApplicationDocument } from './get-application-document.ts';
import { listApplications } from './list-applications.ts';

const operatorOnly = requireRole('operator');
const errors = {
  400: ZErrorResponseSchema,
  401: ZErrorResponseSchema,
  403: ZErrorResponseSchema,
  404: ZErrorResponseSchema,
};

/** The operator console's application queue (issue 13 §2): review, read the documents, approve or reject. */
export const operatorJoinRoutes: FastifyPluginAsyncZod<DecideApplicationDeps & { documents: DocumentStore }> = async (
  app,
  deps,
) => {
  app.get(
    '/operator/applications',
    {
      onRequest: operatorOnly,
      schema: {
        security: [{ bearer: [] }],
        tags: ['operator'],
        summary: 'Applications to join (operators)',
        querystring: ZListApplicationsRequestSchema,
        response: { 200: ZListApplicationsResponseSchema, ...errors },
      },
    },
    (request) => listApplications(deps, request.query),
  );

  app.get(
    '/operator/applications/:id',
    {
      onRequest: operatorOnly,
      schema: {
        security: [{ bearer: [] }],
        tags: ['operator'],
        summary: 'One application with its documents (operators)',
        params: ZApplicationParamsSchema,
        response: { 200: dataEnvelope(ZApplicationSchema), ...errors },
      },
    },
    async (request) => ({ data: await getApplication(deps, request.params.id) }),
  );

  app.get(
    '/operator/applications/:id/documents/:documentId',
    {
      onRequest: operatorOnly,
      schema: {
        security: [{ bearer: [] }],
        tags: ['operator'],
        summary: 'Download a document of an application (operators)',
        description:
          'The file as stored, with its checked type (PDF, JPEG or PNG), as an attachment named after its kind and that type (`id-document.pdf`, never the applicant’s file name); never cached.',
        params: ZApplicationDocumentParamsSchema,
        // The file in its checked type; a refusal is JSON, as everywhere.
        response: {
          200: {
            content: Object.fromEntries(
              ['application/pdf', 'image/jpeg', 'image/png'].map((type) => [
                type,
                { schema: z.string().meta({ format: 'binary' }) },
              ]),
            ),
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const document = await getApplicationDocument(deps, request.params.id, request.params.documentId);
      return (
        reply
          .type(document.contentType)
          .header('content-length', document.sizeBytes)
          .header('content-disposition', document.contentDisposition)
          .header('content-security-policy', "default-src 'none'; sandbox")
          // A stream goes out as it is (Fastify serializes objects only); the schema documents the binary body.
          .send(document.stream as never)
      );
    },
  );

  app.post(
    '/operator/applications/:id/approve',
    {
      onRequest: operatorOnly,
      schema: {
        security: [{ bearer: [] }],
        tags: ['operator'],
        summary: 'Approve an application: the shop opens, run by the applicant (operators)',
        params: ZApplicationParamsSchema,
        response: { 200: ZApproveApplicationResponseSchema, ...errors, 409: ZErrorResponseSchema },
      },
    },
    async (request) => ({ data: await approveApplication(deps, principalOf(request), request.params.id) }),
  );

  app.post(
    '/operator/applications/:id/reject',
    {
      onRequest: operatorOnly,
      schema: {
        security: [{ bearer: [] }],
        tags: ['operator'],
        summary: 'Reject an application with a reason the applicant reads (operators)',
        params: ZApplicationParamsSchema,
        body: ZRejectApplicationRequestSchema,
        response: { 200: ZRejectApplicationResponseSchema, ...errors, 409: ZErrorResponseSchema },
      },
    },
    async (request) => ({
      data: await rejectApplication(deps, principalOf(request), request.params.id, request.body.reason),
    }),
  );
};
