import multipart from '@fastify/multipart';
import { listOrderProblemsEndpoint } from '@malewa/contracts/orders/list-order-problems';
import { PROBLEM_PHOTO_TYPE } from '@malewa/contracts/orders/problem';
import { reportProblemEndpoint } from '@malewa/contracts/orders/report-problem';
import { getShopProblemPhotoEndpoint } from '@malewa/contracts/provider/get-problem-photo';
import { listShopProblemsEndpoint } from '@malewa/contracts/provider/list-problems';
import { MAX_PHOTO_BYTES } from '@malewa/contracts/provider/listings';
import { resolveShopProblemEndpoint } from '@malewa/contracts/provider/resolve-problem';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#api/app-error.ts';
import { type ResolveProblemDeps, resolveProblem } from '#api/flows/resolve-problem.ts';
import { principalOf } from '#api/plugins/access-control.ts';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';
import { getProblemPhoto } from './get-problem-photo.ts';
import { listOrderProblems } from './list-order-problems.ts';
import { listShopProblems } from './list-shop-problems.ts';
import { type ReportPart, type ReportProblemDeps, reportProblem } from './report-problem.ts';

export type ProblemRouteDeps = ReportProblemDeps & ResolveProblemDeps;

/** The report form's parts as the service reads them; the form's own limits become 413s. */
async function* formParts(request: Pick<FastifyRequest, 'parts'>): AsyncGenerator<ReportPart> {
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_PHOTO_BYTES + 1, files: 1, fields: 1, fieldSize: 64 * 1024, parts: 2 },
    })) {
      if (part.type === 'field') yield { type: 'field', name: part.fieldname, value: String(part.value) };
      else yield { type: 'file', name: part.fieldname, stream: part.file };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('PAYLOAD_TOO_LARGE', 'A report carries its JSON and one photo');
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the report as multipart/form-data');
    }
    throw error;
  }
}

/** A private photo: never cached, never shown as anything but the image it is. */
export function sendPhoto(reply: FastifyReply, bytes: Uint8Array) {
  return reply
    .type(PROBLEM_PHOTO_TYPE)
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(Buffer.from(bytes));
}

/**
 * Problems after delivery (docs/product/checkout.md): the shopper reports on their order; the
 * shop's people list, see the photo of, and resolve their shops' problems.
 */
export const problemRoutes: FastifyPluginAsync<ProblemRouteDeps> = async (app, deps) => {
  await app.register(multipart, { limits: { fileSize: MAX_PHOTO_BYTES + 1, files: 1 } });

  registerEndpoint(app, reportProblemEndpoint, {
    handler: async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the report as multipart/form-data');
      const problem = await reportProblem(
        { ...deps, log: request.log },
        principalOf(request),
        request.params.id,
        formParts(request),
      );
      reply.code(201);
      return { data: problem };
    },
  });
  registerEndpoint(app, listOrderProblemsEndpoint, {
    handler: async (request) => ({ data: await listOrderProblems(deps, principalOf(request), request.params.id) }),
  });

  registerEndpoint(app, listShopProblemsEndpoint, {
    handler: (request) => listShopProblems(deps, principalOf(request), request.query),
  });
  registerEndpoint(app, resolveShopProblemEndpoint, {
    handler: async (request) => ({
      data: (await resolveProblem(deps, principalOf(request), 'shop', request.params.id, request.body)).problem,
    }),
  });
  registerEndpoint(app, getShopProblemPhotoEndpoint, {
    content: { 200: [PROBLEM_PHOTO_TYPE] },
    handler: async (request, reply) => {
      await sendPhoto(reply, await getProblemPhoto(deps, principalOf(request), request.params.id));
      return undefined;
    },
  });
};
