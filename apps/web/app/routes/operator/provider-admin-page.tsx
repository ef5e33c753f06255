import { Form } from 'react-router';
import type { ReasonValues } from '#app/features/operator/reason-form.server.ts';
import { ReasonForm } from '#app/features/operator/reason-form.tsx';
import type { FormOutcome } from '#app/platform/forms/form-outcome.ts';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localizePath } from '#app/platform/i18n/locales.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import { LtrText } from '#app/ui/ltr-text.tsx';
import type { Route } from './+types/provider-admin-page';
import { loadProvider, moveProvider } from './provider-admin-page.server.ts';
import { suspensionText } from './suspension-text.ts';

export function loader({ url, request, context, params }: Route.LoaderArgs) {
  return loadProvider(url, request, context, params);
}

export function action({ url, request, context, params }: Route.ActionArgs) {
  return moveProvider(url, request, context, params);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

/** One shop: its state and ratings, its latest orders, suspend or reinstate (docs/product/providers.md). */
export default function ProviderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { provider } = loaderData;
  // A reason that breaks the rules comes back beside it; a move already made, as a notice.
  const outcome = actionData as FormOutcome<ReasonValues> | undefined;
  return (
    <article className="commerce-page operator-page" aria-labelledby="provider-title">
      <p>
        <AppLink to={localizePath('/operator/providers', locale.code)}>{t('operator.provider.back')}</AppLink>
      </p>
      <h1 id="provider-title">
        <bdi>{provider.name}</bdi>
      </h1>
      <p>
        <span className={`order-status provider-status-${provider.status}`}>
          {t(`operator.provider.status.${provider.status}`)}
        </span>{' '}
        · {t(`service.${provider.service}.name`)} · {t(`join.kind.${provider.kind}`)} ·{' '}
        <bdi>{`${provider.area}, ${provider.city.name}`}</bdi>
      </p>
      <p>
        {provider.rating.count > 0
          ? t('operator.provider.rating', { average: provider.rating.average, count: provider.rating.count })
          : t('operator.provider.noRating')}{' '}
        · {t('operator.provider.orders', { count: provider.orderCount })}
      </p>
      {provider.suspension && <p className="notice notice-warning">{suspensionText(provider.suspension, t)}</p>}
      {outcome?.status === 'refused' && (
        <p className="notice notice-error" role="alert">
          {t(outcome.reason)}
        </p>
      )}
      <p className="order-actions">
        {provider.status === 'active' && (
          <AppLink to={localizePath(provider.storefrontPath, locale.code)}>{t('operator.provider.storefront')}</AppLink>
        )}
        <AppLink
          to={`${localizePath('/operator/audit-log', locale.code)}?subjectType=provider&subjectId=${provider.id}`}
        >
          {t('operator.provider.log')}
        </AppLink>
        {provider.status === 'active' && (
          <AppLink to={`${localizePath('/operator/offers', locale.code)}?shop=${provider.id}`}>
            {t('operator.provider.offer')}
          </AppLink>
        )}
      </p>
      {provider.status === 'active' && (
        <section className="checkout-section" aria-labelledby="suspend-title">
          <h2 id="suspend-title">{t('operator.suspend.title')}</h2>
          <p>{t('operator.suspend.text')}</p>
          <ReasonForm
            intent="suspend"
            label={t('operator.suspend.reason')}
            submit={t('operator.suspend.submit')}
            outcome={outcome}
          />
        </section>
      )}
      {provider.status === 'suspended' && (
        <section className="checkout-section" aria-labelledby="reinstate-title">
          <h2 id="reinstate-title">{t('operator.reinstate.title')}</h2>
          <p>{t('operator.reinstate.text')}</p>
          <Form method="post">
            <CsrfField />
            <button type="submit" name="intent" value="reinstate">
              {t('operator.reinstate.submit')}
            </button>
          </Form>
        </section>
      )}
      <section aria-labelledby="recent-orders-title">
        <h2 id="recent-orders-title">{t('operator.provider.recentOrders')}</h2>
        {provider.recentOrders.length === 0 ? (
          <p>{t('operator.provider.noOrders')}</p>
        ) : (
          <ul className="operator-rows">
            {provider.recentOrders.map((order) => (
              <li key={order.id}>
                {order.placedAt} ·{' '}
                <span className={`order-status order-status-${order.status}`}>
                  {t(`commerce.status.${order.status}`)}
                </span>{' '}
                · <LtrText>{order.total}</LtrText>
                {order.rating !== null && <> · {t('operator.provider.orderRating', { stars: order.rating })}</>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
