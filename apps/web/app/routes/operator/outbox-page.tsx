import { Form, useLocation } from 'react-router';
import { Pager } from '#app/features/operator/pager.tsx';
import { errorOf } from '#app/platform/forms/form-outcome.ts';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localizePath } from '#app/platform/i18n/locales.ts';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import outboxStyles from '#app/styles/outbox.css?url';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { LtrText } from '#app/ui/ltr-text.tsx';
import type { Route } from './+types/outbox-page';
import { loadOutbox, type RetryOutcome, retryAction, type ShownMessage } from './outbox-page.server.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: outboxStyles }];

export function loader({ url, request, context }: Route.LoaderArgs) {
  return loadOutbox(url, request, context);
}

export function action({ url, request, context }: Route.ActionArgs) {
  return retryAction(url, request, context);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

/**
 * The outbox (issue 34): how many messages wait and how long the oldest has, and the messages
 * given up on after their tries, each sent again with one button once its cause is mended. A
 * plain form per message: it works without JavaScript.
 */
export default function OutboxPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { search } = useLocation();
  const { counts, messages } = loaderData;
  const outcome = actionData as RetryOutcome | undefined;
  // A retry the API could not take: said above the table (a retry taken says so in a toast).
  const failed = outcome && outcome.status !== 'done' ? outcome : undefined;
  return (
    <section className="commerce-page operator-page" aria-labelledby="outbox-title">
      <h1 id="outbox-title">{t('operator.outbox.title')}</h1>
      <p className="card-meta">{t('operator.outbox.intro')}</p>
      {failed && (
        <p className="notice notice-error" role="alert">
          {t(errorOf(failed, 'form') ?? 'operator.outbox.error')}
        </p>
      )}
      <dl className="outbox-counts">
        <div>
          <dt>{t('operator.outbox.pending')}</dt>
          <dd>{counts.pending}</dd>
        </div>
        <div>
          <dt>{t('operator.outbox.oldest')}</dt>
          <dd>{counts.oldest ?? t('operator.outbox.oldestNone')}</dd>
        </div>
        <div className={counts.anyDead ? 'outbox-count-dead' : undefined}>
          <dt>{t('operator.outbox.dead')}</dt>
          <dd>{counts.dead}</dd>
        </div>
      </dl>
      <h2 id="outbox-dead-title">{t('operator.outbox.deadTitle')}</h2>
      {messages.length === 0 ? (
        <EmptyState title={t('operator.outbox.empty')} />
      ) : (
        <table className="outbox-table" aria-labelledby="outbox-dead-title">
          <thead>
            <tr>
              <th scope="col">{t('operator.outbox.recipient')}</th>
              <th scope="col">{t('operator.outbox.channel')}</th>
              <th scope="col">{t('operator.outbox.template')}</th>
              <th scope="col">{t('operator.outbox.attempts')}</th>
              <th scope="col">{t('operator.outbox.lastError')}</th>
              <th scope="col">{t('operator.outbox.queuedAt')}</th>
              <th scope="col">{t('operator.outbox.givenUpAt')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('operator.outbox.retryColumn')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {messages.map((message) => (
              <DeadMessageRow key={message.id} message={message} />
            ))}
          </tbody>
        </table>
      )}
      <Pager
        page={loaderData.page}
        pages={loaderData.pages}
        path={localizePath('/operator/outbox', locale.code)}
        search={search}
      />
    </section>
  );
}

/** One message given up on; on a phone its cells stack, each named by its column. */
function DeadMessageRow({ message }: { message: ShownMessage }) {
  const { t } = useI18n();
  const channel = t(`operator.outbox.channel.${message.channel}`);
  return (
    <tr>
      <th scope="row" data-label={t('operator.outbox.recipient')}>
        <LtrText breakable>{message.recipient}</LtrText>
      </th>
      <td data-label={t('operator.outbox.channel')}>{channel}</td>
      <td data-label={t('operator.outbox.template')}>
        <code>{message.template}</code>
      </td>
      <td data-label={t('operator.outbox.attempts')}>{message.attempts}</td>
      <td data-label={t('operator.outbox.lastError')} className="outbox-error">
        {message.lastError ? <bdi dir="ltr">{message.lastError}</bdi> : '—'}
      </td>
      <td data-label={t('operator.outbox.queuedAt')} className="outbox-when">
        {message.queuedAt}
      </td>
      <td data-label={t('operator.outbox.givenUpAt')} className="outbox-when">
        {message.givenUpAt}
      </td>
      <td className="outbox-retry">
        <Form method="post">
          <CsrfField />
          <input type="hidden" name="message" value={message.id} />
          <button
            type="submit"
            aria-label={t('operator.outbox.retryMessage', { channel, recipient: message.recipient })}
          >
            {t('operator.outbox.retry')}
          </button>
        </Form>
      </td>
    </tr>
  );
}
