import type { RouterContextProvider } from 'react-router';
import { type AuditReader, auditFields } from '#app/features/operator/audit-fields.server.ts';
import { listAuditLog } from '#app/features/operator/operator-api.server.ts';
import { momentOf, pageOf } from '#app/features/operator/operator-format.ts';
import { localeOfPath } from '#app/platform/i18n/locales.ts';
import { allMessagesFor, translatorFor } from '#app/platform/i18n/messages.server.ts';
import { loadMe } from '#app/platform/session/me.server.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';

/**
 * `/operator/audit-log`: every operator action, newest first, or those on one subject
 * (`?subjectType=provider&subjectId=…`): who, when (on the operator's market's clock), what,
 * on what, and the record before and after, field by field as an operator reads them.
 */
export async function loadAuditLog(url: URL, request: Request, context: Readonly<RouterContextProvider>) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const messages = allMessagesFor(locale.code);
  const subjectType = url.searchParams.get('subjectType')?.slice(0, 40) || undefined;
  const subjectId = url.searchParams.get('subjectId')?.slice(0, 80) || undefined;
  const [me, result] = await signedInCall(url, () =>
    Promise.all([
      loadMe(context, request),
      listAuditLog(context, request, { subjectType, subjectId, page: pageOf(url), perPage: 25 }),
    ]),
  );
  const reader: AuditReader = {
    t,
    has: (key) => key in messages,
    language: locale.code,
    iso: locale.iso,
    market: me.user.market,
  };
  return {
    filtered: subjectType !== undefined || subjectId !== undefined,
    entries: result.data.map((entry) => ({
      id: entry.id,
      at: momentOf(entry.at, locale.iso, me.user.market),
      actor: entry.actor.label,
      action: entry.action,
      subject: `${entry.subjectType} ${entry.subjectId}`,
      before: auditFields(entry.before, entry.subjectType, reader),
      after: auditFields(entry.after, entry.subjectType, reader),
    })),
    page: result.meta.page,
    pages: result.meta.totalPages,
    title: `${t('operator.audit.title')} | ${t('site.name')}`,
  };
}
