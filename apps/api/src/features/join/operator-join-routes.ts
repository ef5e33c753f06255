import { DOCUMENT_TYPES } from '@malewa/contracts/join/join-rules';
import { approveApplicationEndpoint, rejectApplicationEndpoint } from '@malewa/contracts/operator/decide-application';
import { getApplicationEndpoint } from '@malewa/contracts/operator/get-application';
import { getApplicationDocumentEndpoint } from '@malewa/contracts/operator/get-application-document';
import { listApplicationsEndpoint } from '@malewa/contracts/operator/list-applications';
import type { FastifyPluginAsync } from 'fastify';
import type { DecideApplicationDeps } from '#api/flows/application-decision.ts';
import { approveApplication } from '#api/flows/approve-application.ts';
import { rejectApplication } from '#api/flows/reject-application.ts';
import { principalOf } from '#api/plugins/access-control.ts';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';
import type { DocumentStore } from './document-store.ts';
import { getApplication } from './get-application.ts';
import { getApplicationDocument } from './get-application-document.ts';
import { listApplications } from './list-applications.ts';

/**
 * The operator console's application queue (docs/product/providers.md, operator review): review,
 * read the documents, approve or reject.
 */
export const operatorJoinRoutes: FastifyPluginAsync<DecideApplicationDeps & { documents: DocumentStore }> = async (
  app,
  deps,
) => {
  registerEndpoint(app, listApplicationsEndpoint, { handler: (request) => listApplications(deps, request.query) });

  registerEndpoint(app, getApplicationEndpoint, {
    handler: async (request) => ({ data: await getApplication(deps, request.params.id) }),
  });

  registerEndpoint(app, getApplicationDocumentEndpoint, {
    // The file in its checked type; a refusal is JSON, as everywhere.
    content: { 200: DOCUMENT_TYPES },
    handler: async (request, reply) => {
      const document = await getApplicationDocument(deps, request.params.id, request.params.documentId);
      // A stream goes out as it is (Fastify serializes objects only); awaiting the reply waits
      // until it has gone.
      await reply
        .type(document.contentType)
        .header('content-length', document.sizeBytes)
        .header('content-disposition', document.contentDisposition)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(document.stream as never);
      return undefined;
    },
  });

  registerEndpoint(app, approveApplicationEndpoint, {
    handler: async (request) => ({ data: await approveApplication(deps, principalOf(request), request.params.id) }),
  });

  registerEndpoint(app, rejectApplicationEndpoint, {
    handler: async (request) => ({
      data: await rejectApplication(deps, principalOf(request), request.params.id, request.body.reason),
    }),
  });
};
