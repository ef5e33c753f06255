import { listMeta } from '@malewa/contracts/envelope';
import type { ListProblemsRequest } from '@malewa/contracts/operator/list-problems';
import { presentProblem } from './present-problem.ts';
import type { ProblemRepository } from './problem-repository.ts';

/** Every shop's problems, open first: the operators'. */
export async function listProblems(deps: { problems: ProblemRepository }, query: ListProblemsRequest) {
  const { rows, total } = await deps.problems.list({ shopId: query.shop, status: query.status }, query);
  return { data: rows.map(presentProblem), meta: listMeta(query.page, query.perPage, total) };
}
