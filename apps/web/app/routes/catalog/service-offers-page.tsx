import type { Offer } from '@malewa/contracts/catalog/list-offers';
import { data } from 'react-router';
import { isRefusal, listOffers } from '#app/features/catalog/catalog-api.server.ts';
import { CopyCode } from '#app/features/catalog/copy-code.tsx';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { dateTimeFormat } from '#app/platform/i18n/intl-formats.ts';
import { listParts } from '#app/platform/i18n/list-format.ts';
import { intlLanguage, localeOfPath, localizePath, unlocalizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { useFormatMoney } from '#app/platform/money/use-money.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { itemPath, providerPath } from '#app/platform/navigation/catalog-paths.ts';
import { pageMeta } from '#app/platform/seo/page-meta.ts';
import { serviceOfPath } from '#app/platform/services/services.ts';
import catalogStyles from '#app/styles/catalog.css?url';
import offersStyles from '#app/styles/catalog-offers.css?url';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { Localized } from '#app/ui/localized.tsx';
import type { Route } from './+types/service-offers-page';

/** Up to this many items an offer is limited to are named; more are counted. */
const NAMED_ITEMS = 3;

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: catalogStyles },
  { rel: 'stylesheet', href: offersStyles },
];

export async function loader({ url, request, context }: Route.LoaderArgs) {
  const service = serviceOfPath(unlocalizePath(url.pathname));
  if (!service) throw data(null, { status: 404 });
  const result = await listOffers(context, request, service.id);
  if (isRefusal(result)) throw data(null, { status: 400 });
  const t = translatorFor(localeOfPath(url.pathname).code);
  return {
    service: service.id,
    offers: result.data,
    meta: {
      title: t('catalog.offers.title', { service: t(`service.${service.id}.name`) }),
      description: t('catalog.offers.description'),
    },
  };
}

export function meta(args: Route.MetaArgs) {
  if (!args.loaderData) return [];
  return pageMeta(args, { path: `/${args.loaderData.service}/offers`, ...args.loaderData.meta });
}

/**
 * The service's running offers: what each gives, from when to when and at what hours of the
 * day, on which items, and coupon codes to copy.
 */
export default function OffersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <section className="catalog-page" aria-labelledby="offers-title">
      <h1 id="offers-title">{loaderData.meta.title}</h1>
      {loaderData.offers.length === 0 ? (
        <EmptyState title={t('catalog.offers.none')} />
      ) : (
        <ul className="offer-list">
          {loaderData.offers.map((offer) => (
            <li key={offer.id}>
              <OfferCard offer={offer} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function OfferCard({ offer }: { offer: Offer }) {
  const { t, locale } = useI18n();
  const money = useFormatMoney();
  const until = dateTimeFormat(intlLanguage(locale.iso), { day: 'numeric', month: 'long' }).format(
    new Date(offer.endsAt),
  );
  const what =
    offer.kind === 'percent'
      ? t('catalog.offer.percent', { percent: offer.percent ?? 0 })
      : offer.kind === 'fixed' && offer.amountOff
        ? t('catalog.offer.fixed', { amount: money(offer.amountOff) })
        : t('catalog.offer.freeDelivery');
  return (
    <article className="offer-card">
      <h2>{offer.title ? <Localized text={offer.title} /> : what}</h2>
      {offer.title && <p>{what}</p>}
      <p className="card-meta">
        {offer.minimumSubtotal.amount > 0
          ? t('catalog.offer.minimum', { amount: money(offer.minimumSubtotal) })
          : t('catalog.offer.noMinimum')}{' '}
        · {t('catalog.offer.until', { date: until })}
      </p>
      {offer.hours && <p className="card-meta">{t('catalog.offer.hours', clockRange(offer.hours, locale.iso))}</p>}
      {offer.items && <OfferItems offer={offer} items={offer.items} />}
      {offer.provider && (
        <p className="card-meta">
          {t('catalog.offer.at')}{' '}
          <AppLink to={localizePath(providerPath(offer.service, offer.provider.slug), locale.code)}>
            {offer.provider.name}
          </AppLink>
        </p>
      )}
      {offer.code && (
        <div className="coupon">
          <span>{t('catalog.offer.code')}</span> <CopyCode code={offer.code} />
          <p className="card-meta">
            {offer.perShopperLimit === 1 ? t('catalog.offer.once') : null}
            {offer.remaining !== null ? ` ${t('catalog.offer.remaining', { count: offer.remaining })}` : null}
          </p>
        </div>
      )}
    </article>
  );
}

/** "11:00" on the market's clock, as the page's language writes a time of day (its own digits and hour cycle). */
function clockRange(hours: { from: string; to: string }, iso: string): { from: string; to: string } {
  const clock = dateTimeFormat(intlLanguage(iso), { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  const at = (time: string) => clock.format(new Date(`2026-01-05T${time}:00Z`));
  return { from: at(hours.from), to: at(hours.to) };
}

/** "On selected items: Jollof rice and Suya", each a link, or their number when they are more than a few. */
function OfferItems({ offer, items }: { offer: Offer; items: NonNullable<Offer['items']> }) {
  const { t, locale } = useI18n();
  if (items.length === 0) return <p className="card-meta">{t('catalog.offer.someItems')}</p>;
  if (items.length > NAMED_ITEMS) {
    return <p className="card-meta">{t('catalog.offer.itemCount', { count: items.length })}</p>;
  }
  const parts = listParts(
    items.map((item) => item.name.text),
    locale.iso,
  );
  let element = 0;
  return (
    <p className="card-meta">
      {t('catalog.offer.onItems')}{' '}
      {parts.map((part, index) => {
        if (part.type !== 'element') return part.value;
        const item = items[element];
        element += 1;
        if (!item) return part.value;
        return (
          // A list's parts never reorder: their index is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <AppLink key={index} to={localizePath(itemPath(offer.service, item.type, item.slug), locale.code)}>
            <bdi lang={item.name.lang}>{item.name.text}</bdi>
          </AppLink>
        );
      })}
    </p>
  );
}
