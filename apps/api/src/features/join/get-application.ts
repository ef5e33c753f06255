import type { Application } from '@malewa/contracts/join/application';
import { AppError } from '#api/app-error.ts';
import type { JoinRepository } from './join-repository.ts';
import { presentApplication } from './present-application.ts';

/** One application with its documents, for an operator to review. */
export async function getApplication(deps: { join: JoinRepository }, id: string): Promise<Application> {
  const row = await deps.join.byId(id);
  if (!row) throw new AppError('NOT_FOUND', 'No such application');
  return presentApplication(row, await deps.join.documentsOf([id]));
}
