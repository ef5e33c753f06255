import type { ServiceId } from '@malewa/contracts/catalog/vocabulary';
import type { ReactNode } from 'react';
import { ItemCard } from '#app/features/catalog/item-card.tsx';
import { ProviderCard } from '#app/features/catalog/provider-card.tsx';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localizePath } from '#app/platform/i18n/locales.ts';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { HOW_IT_WORKS_ID } from '#app/platform/navigation/destinations.ts';
import { pageMeta } from '#app/platform/seo/page-meta.ts';
import { getService, mainListTab } from '#app/platform/services/services.ts';
import catalogStyles from '#app/styles/catalog.css?url';
import serviceHomeStyles from '#app/styles/service-home.css?url';
import type { Route } from './+types/service-home';
import { loadServiceHome } from './service-home.server.ts';

const STEPS = ['step1', 'step2', 'step3'] as const;

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: catalogStyles },
  { rel: 'stylesheet', href: serviceHomeStyles },
];
export function loader({ url, request, context }: Route.LoaderArgs) {
  return loadServiceHome(url, request, context);
}

export function meta(args: Route.MetaArgs) {
  if (!args.loaderData) return [];
  return pageMeta(args, { path: getService(args.loaderData.service).path, ...args.loaderData.meta });
}

/**
 * A service's home (docs/product/catalog.md, services): what it is, its shelves of shops and
 * items (featured by operators, then the best near the shopper), how it works in three steps,
 * and how to get started.
 */
export default function ServiceHome({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const service = getService(loaderData.service);
  const id = service.id;
  const mainList = mainListTab(service);
  return (
    <>
      <section className="hero service-hero">
        <h1>{t(`service.${id}.name`)}</h1>
        <p>{t(`services.${id}.lead`)}</p>
      </section>

      {loaderData.shelves.providers.cards.length > 0 && (
        <Shelf id="shelf-providers" collection={loaderData.shelves.providers.collection} service={id}>
          {loaderData.shelves.providers.cards.map((provider, index) => (
            <li key={provider.slug}>
              <ProviderCard provider={provider} eager={index === 0} />
            </li>
          ))}
        </Shelf>
      )}
      {loaderData.shelves.items.cards.length > 0 && (
        <Shelf id="shelf-items" collection={loaderData.shelves.items.collection} service={id}>
          {loaderData.shelves.items.cards.map((item) => (
            <li key={item.slug}>
              <ItemCard item={item} />
            </li>
          ))}
        </Shelf>
      )}

      <section id={HOW_IT_WORKS_ID} className="service-steps" aria-labelledby="how-it-works-title">
        <h2 id="how-it-works-title">{t('services.howItWorks')}</h2>
        <ol>
          {STEPS.map((step) => (
            <li key={step}>
              <h3>{t(`services.${id}.${step}.title`)}</h3>
              <p>{t(`services.${id}.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="service-cta" aria-labelledby="get-started-title">
        <h2 id="get-started-title">{t('services.cta.title')}</h2>
        {mainList ? (
          <>
            <p>{t(`services.${id}.cta.text`)}</p>
            <AppLink className="button" to={localizePath(mainList.path, locale.code)}>
              {t(`services.${id}.cta.action`)}
            </AppLink>
          </>
        ) : (
          // Until the list's route exists, say what is coming rather than link to a 404.
          <p>{t(`services.${id}.cta.soon`)}</p>
        )}
      </section>
    </>
  );
}

/** A shelf of cards under the collection's name, with a link to all of it. */
function Shelf({
  id,
  service,
  collection,
  children,
}: {
  id: string;
  service: ServiceId;
  collection: string;
  children: ReactNode;
}) {
  const { t, locale } = useI18n();
  const title = t(`services.tab.${collection}` as MessageKey);
  return (
    <section className="service-shelf" aria-labelledby={id}>
      <div className="shelf-head">
        <h2 id={id}>{title}</h2>
        <AppLink to={localizePath(`/${service}/${collection}`, locale.code)}>
          {t('services.shelf.all')}
          <span className="visually-hidden"> {title}</span>
        </AppLink>
      </div>
      <ul className="card-grid">{children}</ul>
    </section>
  );
}
