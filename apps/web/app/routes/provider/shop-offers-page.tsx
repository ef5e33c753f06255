import { MARKET_TIME_ZONES } from '@malewa/contracts/country-codes';
import { MARKET_CURRENCY } from '@malewa/contracts/currencies';
import { endShopOfferEndpoint } from '@malewa/contracts/offers/end-shop-offer';
import { data, redirect } from 'react-router';
import {
  freshOfferValues,
  type OfferValues,
  offerErrorsOf,
  offerItemChoices,
  readOfferForm,
  shownOffer,
} from '#app/features/offers/offer-form.server.ts';
import { OfferForm } from '#app/features/offers/offer-form.tsx';
import { OfferList } from '#app/features/offers/offer-list.tsx';
import { createShopOffer, endShopOffer, listShopOffers } from '#app/features/offers/offers-api.server.ts';
import { listListings } from '#app/features/provider/provider-api.server.ts';
import { currentShop } from '#app/features/provider/provider-shop.server.ts';
import { ApiError, problemOf } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { invalid, textOf } from '#app/platform/forms/form.server.ts';
import { errorsOf, type FormOutcome, keptValues } from '#app/platform/forms/form-outcome.ts';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { isUuid } from '#app/platform/http/uuid.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { formattingTag } from '#app/platform/markets/formatting-tag.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';
import offerFormStyles from '#app/styles/offer-form.css?url';
import type { Route } from './+types/shop-offers-page';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: offerFormStyles }];

export async function loader({ url, request, context }: Route.LoaderArgs) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const { shop } = await signedInCall(url, () => currentShop(context, request, url));
  const timeZone = MARKET_TIME_ZONES[shop.countryCode];
  const [offers, listings] = await Promise.all([
    signedInCall(url, () => listShopOffers(context, request, shop.id)),
    // "Only for these items": the shop's listings, as its listings page has them.
    signedInCall(url, () => listListings(context, request, shop.id)),
  ]);
  return {
    shop,
    items: offerItemChoices(listings, locale.code),
    currency: MARKET_CURRENCY[shop.countryCode],
    values: freshOfferValues(timeZone),
    offers: offers.map((offer) =>
      shownOffer(offer, t, formattingTag(locale.iso, shop.countryCode), timeZone, locale.code),
    ),
    title: `${t('offers.providerTitle', { shop: shop.name })} | ${t('site.name')}`,
  };
}

type Outcome = FormOutcome<OfferValues, keyof OfferValues>;

/** Creates an offer for the shop, or ends one; a mistake comes back on its field. */
export async function action({ url, request, context }: Route.ActionArgs) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const { shop } = await signedInCall(url, () => currentShop(context, request, url));
  const form = await request.formData();
  const back = `${localizePath('/provider/offers', locale.code)}?shop=${shop.id}`;
  try {
    if (textOf(form, 'intent') === 'end') {
      const id = textOf(form, 'offer');
      if (!isUuid(id)) throw data(null, { status: 400 });
      await signedInCall(url, () => endShopOffer(context, request, id));
      showToast(context, { type: 'success', title: t('offers.ended'), message: '' });
      throw redirect(back, 303);
    }
    const read = readOfferForm(
      form,
      MARKET_CURRENCY[shop.countryCode],
      MARKET_TIME_ZONES[shop.countryCode],
      locale.code,
    );
    if (!read.offer) return invalid(read.values, read.errors);
    const offer = read.offer;
    try {
      await signedInCall(url, () => createShopOffer(context, request, shop.id, offer));
    } catch (error) {
      if (error instanceof ApiError && (error.status === 400 || error.status === 409)) {
        return invalid(read.values, offerErrorsOf(Object.keys(error.errors)));
      }
      throw error;
    }
    showToast(context, { type: 'success', title: t('offers.created'), message: '' });
    throw redirect(back, 303);
  } catch (error) {
    if (problemOf(error, endShopOfferEndpoint)?.code === 'offer_over') {
      showToast(context, { type: 'info', title: t('offers.alreadyOver'), message: '' });
      throw redirect(back, 303);
    }
    throw error;
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

/** The shop's own offers and coupons: the list, and a new one (docs/product/providers.md). */
export default function ProviderOffersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const outcome = actionData as Outcome | undefined;
  const action = `?shop=${loaderData.shop.id}`;
  return (
    <section className="commerce-page operator-page" aria-labelledby="offers-title">
      <h1 id="offers-title">{t('offers.providerTitle', { shop: loaderData.shop.name })}</h1>
      <OfferList offers={loaderData.offers} action={action} />
      <section className="checkout-section" aria-labelledby="new-offer-title">
        <h2 id="new-offer-title">{t('offers.new')}</h2>
        <OfferForm
          // A new offer in the list: the form starts afresh (it is not remounted by the redirect).
          key={loaderData.offers.map((offer) => offer.id).join()}
          values={keptValues(outcome, loaderData.values)}
          errors={errorsOf<keyof OfferValues>(outcome)}
          currency={loaderData.currency}
          action={action}
          items={loaderData.items}
        />
      </section>
    </section>
  );
}
