import { useLocation } from 'react-router';
import type { AuditField } from '#app/features/operator/audit-fields.server.ts';
import { Pager } from '#app/features/operator/pager.tsx';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localizePath } from '#app/platform/i18n/locales.ts';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { LtrText } from '#app/ui/ltr-text.tsx';
import type { Route } from './+types/audit-log-page';
import { loadAuditLog } from './audit-log-page.server.ts';

export function loader({ url, request, context }: Route.LoaderArgs) {
  return loadAuditLog(url, request, context);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

/** The audit log: read-only here as everywhere (the database refuses changes to it). */
export default function AuditLogPage({ loaderData }: Route.ComponentProps) {
  const { t, locale, messages } = useI18n();
  const { search } = useLocation();
  const here = localizePath('/operator/audit-log', locale.code);
  // An action this storefront has no words for yet shows as the API names it.
  const actionLabel = (action: string) => {
    const key = `operator.action.${action}` as MessageKey;
    return key in messages ? t(key) : action;
  };
  return (
    <section className="commerce-page operator-page" aria-labelledby="audit-title">
      <h1 id="audit-title">{t('operator.audit.title')}</h1>
      {loaderData.filtered && (
        <p>
          <AppLink to={here}>{t('operator.audit.all')}</AppLink>
        </p>
      )}
      {loaderData.entries.length === 0 ? (
        <EmptyState title={t('operator.audit.empty')} />
      ) : (
        <ol className="order-list audit-log">
          {loaderData.entries.map((entry) => (
            <li key={entry.id} className="order-card">
              <h2>{actionLabel(entry.action)}</h2>
              <dl className="operator-facts">
                <dt>{t('operator.audit.when')}</dt>
                <dd>{entry.at}</dd>
                <dt>{t('operator.audit.who')}</dt>
                <dd>
                  <LtrText breakable>{entry.actor}</LtrText>
                </dd>
                <dt>{t('operator.audit.subject')}</dt>
                <dd>
                  <LtrText breakable>{entry.subject}</LtrText>
                </dd>
                {entry.before && (
                  <>
                    <dt>{t('operator.audit.before')}</dt>
                    <dd>
                      <AuditRecord fields={entry.before} />
                    </dd>
                  </>
                )}
                {entry.after && (
                  <>
                    <dt>{t('operator.audit.after')}</dt>
                    <dd>
                      <AuditRecord fields={entry.after} />
                    </dd>
                  </>
                )}
              </dl>
            </li>
          ))}
        </ol>
      )}
      <Pager page={loaderData.page} pages={loaderData.pages} path={here} search={search} />
    </section>
  );
}

/** A record before or after an act, a field a line; each value isolated, for it may be anyone's words. */
function AuditRecord({ fields }: { fields: readonly AuditField[] }) {
  return (
    <ul className="audit-fields">
      {fields.map((field) => (
        <li key={field.label}>
          {field.label}: <bdi>{field.value}</bdi>
        </li>
      ))}
    </ul>
  );
}
