import { listMeta } from '@malewa/contracts/envelope';
import type { ListApplicationsRequest } from '@malewa/contracts/operator/list-applications';
import type { JoinRepository } from './join-repository.ts';
import { presentApplication } from './present-application.ts';

/** The operators' queue of applications (oldest waiting first with `status=submitted`). */
export async function listApplications(deps: { join: JoinRepository }, query: ListApplicationsRequest) {
  const { rows, total } = await deps.join.queue({
    status: query.status,
    service: query.service,
    searchKeyword: query.searchKeyword,
    offset: (query.page - 1) * query.perPage,
    limit: query.perPage,
  });
  const documents = await deps.join.documentsOf(rows.map((row) => row.id));
  return {
    data: rows.map((row) => presentApplication(row, documents)),
    meta: listMeta(query.page, query.perPage, total),
  };
}
