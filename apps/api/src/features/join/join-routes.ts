import multipart from '@fastify/multipart';
import { SERVICE_IDS } from '@malewa/contracts/catalog/vocabulary';
import { ZErrorResponseSchema } from '@malewa/contracts/errors';
import { ZApplyToJoinFormSchema, ZApplyToJoinResponseSchema } from '@malewa/contracts/join/apply-to-join';
import { MAX_DOCUMENT_BYTES, MAX_DOCUMENTS } from '@malewa/contracts/join/join-rules';
import { ZListMyApplicationsResponseSchema } from '@malewa/contracts/join/list-my-applications';
import type { FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../app-error.ts';
import { principalOf, requireSignedIn } from '../../plugins/access-control.ts';
import {
  APPLICATIONS_PER_ACCOUNT_PER_DAY,
  APPLICATIONS_PER_ADDRESS_PER_DAY,
  type ApplyDeps,
  applyToJoin,
  type FormPart,
} from './apply-to-join.ts';
import { listMyApplications } from './list-my-applications.ts';

const ZServiceParamsSchema = z.object({ service: z.enum(SERVICE_IDS) });

/** The multipart form's parts as the service reads them; the form's own limits become 413s. */
async function* formParts(request: FastifyRequest): AsyncGenerator<FormPart> {
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

/** Joining a service (issue 13 §1): the application form's target, and the applicant's view of theirs. */
export const joinRoutes: FastifyPluginAsyncZod<ApplyDeps> = async (app, deps) => {
  await app.register(multipart, { limits: { fileSize: MAX_DOCUMENT_BYTES + 1, files: MAX_DOCUMENTS } });

  app.post(
    '/:service/join',
    {
      onRequest: requireSignedIn,
      // The form is read as it streams (documents are checked by content on the way to the
      // store), then the part `application` is validated by ZApplyToJoinRequestSchema: the
      // body schema below documents the form; it is not the validator.
      validatorCompiler: (route) =>
        route.httpPart === 'body' ? () => ({ value: undefined }) : validatorCompiler(route as never),
      schema: {
        security: [{ bearer: [] }],
        tags: ['join'],
        summary: 'Apply to join a service as a provider',
        description:
          'A multipart form: the part `application` is the JSON of ApplyToJoinRequest; the documents are file parts ' +
          'named `id` (required), `food-safety` or `trading` (one of them required except for Cookbook): PDF, JPEG ' +
          'or PNG by content, 5 MB each at most. One live application per account and service (a second is a 409); ' +
          `${APPLICATIONS_PER_ACCOUNT_PER_DAY} applications per account and ${APPLICATIONS_PER_ADDRESS_PER_DAY} per client ` +
          'address a day (then a 429).',
        consumes: ['multipart/form-data'],
        params: ZServiceParamsSchema,
        body: ZApplyToJoinFormSchema,
        response: {
          201: ZApplyToJoinResponseSchema,
          400: ZErrorResponseSchema,
          401: ZErrorResponseSchema,
          409: ZErrorResponseSchema,
          413: ZErrorResponseSchema,
          415: ZErrorResponseSchema,
          429: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the application as multipart/form-data');
      const application = await applyToJoin(deps, {
        principal: principalOf(request),
        service: request.params.service,
        clientIp: request.clientAddress,
        parts: formParts(request),
      });
      return reply.status(201).send({ data: application });
    },
  );

  app.get(
    '/account/applications',
    {
      onRequest: requireSignedIn,
      schema: {
        security: [{ bearer: [] }],
        tags: ['join'],
        summary: 'My applications to join, newest first',
        response: { 200: ZListMyApplicationsResponseSchema, 401: ZErrorResponseSchema },
      },
    },
    async (request) => ({ data: await listMyApplications(deps, principalOf(request)) }),
  );
};
