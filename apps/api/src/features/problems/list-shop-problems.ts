import { listMeta } from '@malewa/contracts/envelope';
import type { ListShopProblemsRequest } from '@malewa/contracts/provider/list-problems';
import { AppError } from '#api/app-error.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import { presentProblem } from './present-problem.ts';
import type { ProblemRepository } from './problem-repository.ts';

/** The problems of the caller's shops, open first; another's shop is a 404. */
export async function listShopProblems(
  deps: { problems: ProblemRepository },
  principal: Principal,
  query: ListShopProblemsRequest,
) {
  if (query.shop && !(await deps.problems.runsShop(principal.userId, query.shop))) {
    throw new AppError('NOT_FOUND', 'No such shop');
  }
  const { rows, total } = await deps.problems.list(
    { memberId: principal.userId, shopId: query.shop, status: query.status },
    query,
  );
  return { data: rows.map(presentProblem), meta: listMeta(query.page, query.perPage, total) };
}
