import type { RouterContextProvider } from 'react-router';
import { listAuditLog } from '../../features/operator/operator-api.server.ts';
import { momentOf, pageOf } from '../../features/operator/operator-format.ts';
import { localeOfPath } from '../../platform/i18n/locales.ts';
import { translatorFor } from '../../platform/i18n/messages.server.ts';
import { loadMe } from '../../platform/session/me.server.ts';
import { signedInCall } from '../../platform/session/signed-in-call.server.ts';

/** A record as one line: `status: active, name: Kamau Greens`. */
function summary(record: Record<string, unknown> | null): string {
  if (!record) return '';
  return Object.entries(record)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}

/**
 * `/operator/audit-log`: every operator action, newest first, or those on one subject
 * (`?subjectType=provider&subjectId=…`): who, when (on the operator's market's clock), what,
 * on what, and the record before and after.
 */
export async function loadAuditLog(url: URL, request: Request, context: Readonly<RouterContextProvider>) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const subjectType = url.searchParams.get('subjectType')?.slice(0, 40) || undefined;
  const subjectId = url.searchParams.get('subjectId')?.slice(0, 80) || undefined;
  const [me, result] = await signedInCall(url, () =>
    Promise.all([
      loadMe(context, request),
      listAuditLog(context, request, { subjectType, subjectId, page: pageOf(url), perPage: 25 }),
    ]),
  );
  return {
    filtered: subjectType !== undefined || subjectId !== undefined,
    entries: result.data.map((entry) => ({
      id: entry.id,
      at: momentOf(entry.at, locale.iso, me.user.market),
      actor: entry.actor.label,
      action: entry.action,
      subject: `${entry.subjectType} ${entry.subjectId}`,
      before: summary(entry.before),
      after: summary(entry.after),
    })),
    page: result.meta.page,
    pages: result.meta.totalPages,
    title: `${t('operator.audit.title')} | ${t('site.name')}`,
  };
}
