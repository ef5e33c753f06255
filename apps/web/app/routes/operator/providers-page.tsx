import { PROVIDER_STATUSES } from '@malewa/contracts/catalog/vocabulary';
import { Form, useLocation } from 'react-router';
import { Pager } from '#app/features/operator/pager.tsx';
import { MarketSelect, ServiceSelect } from '#app/features/operator/scope-selects.tsx';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localizePath } from '#app/platform/i18n/locales.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { EmptyState } from '#app/ui/empty-state.tsx';
import type { Route } from './+types/providers-page';
import { loadProviders } from './providers-page.server.ts';

export function loader({ url, request, context }: Route.LoaderArgs) {
  return loadProviders(url, request, context);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

/** The shops: search by name, market, service and state; each to its page. */
export default function ProvidersPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { search } = useLocation();
  const { filter, providers } = loaderData;
  const here = localizePath('/operator/providers', locale.code);
  return (
    <section className="commerce-page operator-page" aria-labelledby="operator-providers-title">
      <h1 id="operator-providers-title">{t('operator.providers.title')}</h1>
      <Form method="get" className="operator-filter" role="search" aria-label={t('operator.filter.label')}>
        <label>
          {t('operator.filter.search')} <input type="search" name="q" defaultValue={filter.q} maxLength={100} />
        </label>
        <MarketSelect
          label={t('operator.filter.market')}
          defaultValue={filter.countryCode}
          all={t('operator.filter.all')}
        />
        <ServiceSelect
          label={t('operator.filter.service')}
          defaultValue={filter.service}
          all={t('operator.filter.all')}
        />
        <label>
          {t('operator.filter.status')}{' '}
          <select name="status" defaultValue={filter.status}>
            <option value="">{t('operator.filter.all')}</option>
            {PROVIDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`operator.provider.status.${status}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button-quiet">
          {t('operator.filter.submit')}
        </button>
      </Form>
      {providers.length === 0 ? (
        <EmptyState title={t('operator.providers.empty')} />
      ) : (
        <ul className="order-list">
          {providers.map((provider, index) => (
            <ProviderCard
              key={provider.id}
              provider={provider}
              href={`${here}/${provider.id}`}
              titleId={`provider-${index}`}
            />
          ))}
        </ul>
      )}
      <Pager page={loaderData.page} pages={loaderData.pages} path={here} search={search} />
    </section>
  );
}

type ProviderRow = Route.ComponentProps['loaderData']['providers'][number];

function ProviderCard({ provider, href, titleId }: { provider: ProviderRow; href: string; titleId: string }) {
  const { t } = useI18n();
  return (
    <li className="order-card" aria-labelledby={titleId}>
      <h2 id={titleId}>
        <AppLink to={href}>
          <bdi>{provider.name}</bdi>
        </AppLink>
      </h2>
      <p className="card-meta">
        {t(`service.${provider.service}.name`)} · {t(`join.kind.${provider.kind}`)} ·{' '}
        <bdi>{`${provider.area}, ${provider.city}`}</bdi>
      </p>
      <p>
        <span className={`order-status provider-status-${provider.status}`}>
          {t(`operator.provider.status.${provider.status}`)}
        </span>{' '}
        ·{' '}
        {provider.rating.count > 0
          ? t('operator.provider.rating', { average: provider.rating.average, count: provider.rating.count })
          : t('operator.provider.noRating')}{' '}
        · {t('operator.provider.orders', { count: provider.orderCount })}
      </p>
    </li>
  );
}
