import multipart from '@fastify/multipart';
import { applyToJoinEndpoint } from '@malewa/contracts/join/apply-to-join';
import { MAX_DOCUMENT_BYTES, MAX_DOCUMENTS } from '@malewa/contracts/join/join-rules';
import { listMyApplicationsEndpoint } from '@malewa/contracts/join/list-my-applications';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '#api/app-error.ts';
import { principalOf } from '#api/plugins/access-control.ts';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';
import { type ApplyDeps, applyToJoin, type FormPart } from './apply-to-join.ts';
import { listMyApplications } from './list-my-applications.ts';

/** The multipart form's parts as the service reads them; the form's own limits become 413s. */
async function* formParts(request: Pick<FastifyRequest, 'parts'>): AsyncGenerator<FormPart> {
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_DOCUMENT_BYTES + 1, files: MAX_DOCUMENTS, fields: 4, fieldSize: 16 * 1024, parts: 8 },
    })) {
      if (part.type === 'field') yield { type: 'field', name: part.fieldname, value: String(part.value) };
      else yield { type: 'file', name: part.fieldname, fileName: part.filename, stream: part.file };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('PAYLOAD_TOO_LARGE', `An application carries at most ${MAX_DOCUMENTS} documents`);
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the application as multipart/form-data');
    }
    throw error;
  }
}

/**
 * Joining a service (docs/product/providers.md, joining): the application form's target, and the
 * applicant's view of theirs.
 */
export const joinRoutes: FastifyPluginAsync<ApplyDeps> = async (app, deps) => {
  await app.register(multipart, { limits: { fileSize: MAX_DOCUMENT_BYTES + 1, files: MAX_DOCUMENTS } });

  // The form is read as it streams (documents are checked by content on the way to the store),
  // then its part `application` is checked against ZApplyToJoinRequestSchema.
  registerEndpoint(app, applyToJoinEndpoint, {
    handler: async (request) => {
      if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the application as multipart/form-data');
      const application = await applyToJoin(
        { ...deps, log: request.log },
        {
          principal: principalOf(request),
          service: request.params.service,
          clientIp: request.clientAddress,
          parts: formParts(request),
        },
      );
      return { data: application };
    },
  });

  registerEndpoint(app, listMyApplicationsEndpoint, {
    handler: async (request) => ({ data: await listMyApplications(deps, principalOf(request)) }),
  });
};
