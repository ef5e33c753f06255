import type { MediaStore } from '@malewa/media/media-store';
import { AppError } from '#api/app-error.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { ProblemRepository } from './problem-repository.ts';

/**
 * A report's private photo: for the people of its shop, or (`principal` null) an operator.
 * Another shop's problem, or one without a photo, is a 404.
 */
export async function getProblemPhoto(
  deps: { problems: ProblemRepository; media: MediaStore },
  principal: Principal | null,
  problemId: string,
): Promise<Uint8Array> {
  const problem = await deps.problems.problemById(problemId);
  const allowed =
    problem && (principal === null || (await deps.problems.runsShop(principal.userId, problem.providerId)));
  if (!problem || !allowed || !problem.photoKey) throw new AppError('NOT_FOUND', 'No such photo');
  const bytes = await deps.media.read(problem.photoKey);
  if (!bytes) throw new AppError('NOT_FOUND', 'No such photo');
  return bytes;
}
