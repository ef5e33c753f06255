import { getProblemPhotoEndpoint } from '@malewa/contracts/operator/get-problem-photo';
import { listProblemsEndpoint } from '@malewa/contracts/operator/list-problems';
import { resolveProblemEndpoint } from '@malewa/contracts/operator/resolve-problem';
import { PROBLEM_PHOTO_TYPE } from '@malewa/contracts/orders/problem';
import type { FastifyPluginAsync } from 'fastify';
import { resolveProblem } from '#api/flows/resolve-problem.ts';
import { principalOf } from '#api/plugins/access-control.ts';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';
import { getProblemPhoto } from './get-problem-photo.ts';
import { listProblems } from './list-problems.ts';
import { type ProblemRouteDeps, sendPhoto } from './problem-routes.ts';

/** The operator console's problems: every shop's, resolved or overruled by an operator. */
export const operatorProblemRoutes: FastifyPluginAsync<ProblemRouteDeps> = async (app, deps) => {
  registerEndpoint(app, listProblemsEndpoint, { handler: (request) => listProblems(deps, request.query) });
  registerEndpoint(app, resolveProblemEndpoint, {
    handler: async (request) => ({
      data: (await resolveProblem(deps, principalOf(request), 'operator', request.params.id, request.body)).problem,
    }),
  });
  registerEndpoint(app, getProblemPhotoEndpoint, {
    content: { 200: [PROBLEM_PHOTO_TYPE] },
    handler: async (request, reply) => {
      await sendPhoto(reply, await getProblemPhoto(deps, null, request.params.id));
      return undefined;
    },
  });
};
