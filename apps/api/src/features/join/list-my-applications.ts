import type { Application } from '@malewa/contracts/join/application';
import type { Principal } from '#api/plugins/access-control.ts';
import type { JoinRepository } from './join-repository.ts';
import { presentApplication } from './present-application.ts';

/** The signed-in account's applications to join, newest first. */
export async function listMyApplications(deps: { join: JoinRepository }, principal: Principal): Promise<Application[]> {
  const rows = await deps.join.mine(principal.userId);
  const documents = await deps.join.documentsOf(rows.map((row) => row.id));
  return rows.map((row) => presentApplication(row, documents));
}
