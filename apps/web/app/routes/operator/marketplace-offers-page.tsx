import { OFFER_STATES } from '@malewa/contracts/catalog/vocabulary';
import { COUNTRY_CODES, MARKET_TIME_ZONES } from '@malewa/contracts/country-codes';
import { MARKET_CURRENCY } from '@malewa/contracts/currencies';
import type { CountryCode } from '@malewa/contracts/markets';
import { data, Form, redirect, useLocation } from 'react-router';
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
import {
  createOperatorOffer,
  endOperatorOffer,
  listOfferItems,
  listOperatorOffers,
} from '#app/features/offers/offers-api.server.ts';
import { getProvider as shopOf } from '#app/features/operator/operator-api.server.ts';
import { OPERATOR_PAGE_SIZE, oneOf, pageOf } from '#app/features/operator/operator-format.ts';
import { Pager } from '#app/features/operator/pager.tsx';
import { MarketSelect, ServiceSelect } from '#app/features/operator/scope-selects.tsx';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { invalid, textOf } from '#app/platform/forms/form.server.ts';
import { errorsOf, type FieldErrors, type FormOutcome, keptValues } from '#app/platform/forms/form-outcome.ts';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { isUuid } from '#app/platform/http/uuid.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { formattingTag } from '#app/platform/markets/formatting-tag.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { SERVICE_IDS } from '#app/platform/services/services.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';
import offerFormStyles from '#app/styles/offer-form.css?url';
import type { Route } from './+types/marketplace-offers-page';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: offerFormStyles }];

export async function loader({ url, request, context }: Route.LoaderArgs) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const countryCode = oneOf(url.searchParams.get('countryCode'), COUNTRY_CODES);
  const service = oneOf(url.searchParams.get('service'), SERVICE_IDS);
  const state = oneOf(url.searchParams.get('state'), OFFER_STATES);
  const shopId = url.searchParams.get('shop');
  const chosen = shopId && isUuid(shopId) ? shopId : null;
  const [result, shop, items] = await Promise.all([
    signedInCall(url, () =>
      listOperatorOffers(context, request, {
        countryCode,
        service,
        state,
        page: pageOf(url),
        perPage: OPERATOR_PAGE_SIZE,
      }),
    ),
    // `?shop=<id>`, from a shop's page: the new offer is that shop's alone.
    chosen ? signedInCall(url, () => shopOf(context, request, chosen)) : null,
    // Its items, for "only for these items": an offer of a whole service takes none.
    chosen ? signedInCall(url, () => listOfferItems(context, request, chosen)) : null,
  ]);
  const market: CountryCode = shop?.countryCode ?? countryCode ?? 'ZA';
  return {
    filter: { countryCode: countryCode ?? '', service: service ?? '', state: state ?? '' },
    offers: result.data.map((offer) =>
      shownOffer(
        offer,
        t,
        formattingTag(locale.iso, offer.countryCode),
        MARKET_TIME_ZONES[offer.countryCode],
        locale.code,
      ),
    ),
    page: result.meta.page,
    pages: result.meta.totalPages,
    market,
    shop: shop ? { id: shop.id, name: shop.name, countryCode: shop.countryCode, service: shop.service } : null,
    items: shop && items ? offerItemChoices(items, locale.code) : null,
    values: freshOfferValues(MARKET_TIME_ZONES[market]),
    title: `${t('offers.operatorTitle')} | ${t('site.name')}`,
  };
}

/** The market and service an invalid offer was sent for: the form comes back with them chosen. */
interface OfferScope {
  market: string;
  service: string;
}

/** Creates an offer for a market's service or one of its shops, or ends one; every act is logged by the API. */
export async function action({ url, request, context }: Route.ActionArgs) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const form = await request.formData();
  const back = localizePath('/operator/offers', locale.code);
  if (textOf(form, 'intent') === 'end') {
    const id = textOf(form, 'offer');
    if (!isUuid(id)) throw data(null, { status: 400 });
    try {
      await signedInCall(url, () => endOperatorOffer(context, request, id));
      showToast(context, { type: 'success', title: t('offers.ended'), message: '' });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409)) throw error;
      showToast(context, { type: 'info', title: t('offers.alreadyOver'), message: '' });
    }
    throw redirect(back, 303);
  }
  const market = oneOf(textOf(form, 'countryCode'), COUNTRY_CODES);
  const service = oneOf(textOf(form, 'service'), SERVICE_IDS);
  const providerId = textOf(form, 'providerId') || null;
  if (!market || !service || (providerId !== null && !isUuid(providerId))) throw data(null, { status: 400 });
  const read = readOfferForm(form, MARKET_CURRENCY[market], MARKET_TIME_ZONES[market], locale.code);
  const invalidOffer = (errors: FieldErrors<keyof OfferValues>) =>
    invalid<OfferValues, keyof OfferValues, OfferScope>(read.values, errors, { details: { market, service } });
  if (!read.offer) return invalidOffer(read.errors);
  const offer = read.offer;
  try {
    await signedInCall(url, () =>
      createOperatorOffer(context, request, { ...offer, countryCode: market, service, providerId }),
    );
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 409)) {
      return invalidOffer(offerErrorsOf(Object.keys(error.errors)));
    }
    throw error;
  }
  showToast(context, { type: 'success', title: t('offers.created'), message: '' });
  throw redirect(back, 303);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

/**
 * Offers and coupons across markets and services (docs/product/providers.md): the list, and a
 * new one for a whole service, or for one shop when the page is opened from that shop's page
 * (`?shop=`).
 */
export default function OperatorOffersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { search } = useLocation();
  const outcome = actionData as FormOutcome<OfferValues, keyof OfferValues, true, OfferScope> | undefined;
  const scope = outcome?.status === 'invalid' ? outcome.details : undefined;
  const { filter } = loaderData;
  const here = localizePath('/operator/offers', locale.code);
  const market = (scope?.market ?? loaderData.market) as CountryCode;
  const { shop } = loaderData;
  return (
    <section className="commerce-page operator-page" aria-labelledby="offers-title">
      <h1 id="offers-title">{t('offers.operatorTitle')}</h1>
      <Form method="get" className="operator-filter">
        <MarketSelect label={t('offers.market')} defaultValue={filter.countryCode} all={t('operator.filter.all')} />
        <ServiceSelect label={t('offers.service')} defaultValue={filter.service} all={t('operator.filter.all')} />
        <label>
          {t('operator.filter.status')}{' '}
          <select name="state" defaultValue={filter.state}>
            <option value="">{t('operator.filter.all')}</option>
            {OFFER_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`offers.state.${state}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button-quiet">
          {t('operator.filter.submit')}
        </button>
      </Form>
      <OfferList offers={loaderData.offers} action={here} />
      <Pager page={loaderData.page} pages={loaderData.pages} path={here} search={search} />
      <section className="checkout-section" aria-labelledby="new-offer-title">
        <h2 id="new-offer-title">{t('offers.new')}</h2>
        <OfferForm
          // A new offer in the list: the form starts afresh (it is not remounted by the redirect).
          key={loaderData.offers.map((offer) => offer.id).join()}
          values={keptValues(outcome, loaderData.values)}
          errors={errorsOf<keyof OfferValues>(outcome)}
          currency={MARKET_CURRENCY[market]}
          action={shop ? `${here}?shop=${shop.id}` : here}
          items={loaderData.items}
          noShop={
            <>
              {t('offers.itemsNeedShop')}{' '}
              <AppLink to={localizePath('/operator/providers', locale.code)}>{t('offers.itemsChooseShop')}</AppLink>
            </>
          }
          scope={
            shop ? (
              <div className="offer-shop">
                <input type="hidden" name="countryCode" value={shop.countryCode} />
                <input type="hidden" name="service" value={shop.service} />
                <input type="hidden" name="providerId" value={shop.id} />
                <p>
                  {t('offers.forShop', { shop: shop.name })}{' '}
                  <AppLink to={here}>{t('offers.wholeServiceInstead')}</AppLink>
                </p>
              </div>
            ) : (
              <div className="checkout-pair">
                <MarketSelect className="form-field" label={t('offers.market')} defaultValue={market} />
                <ServiceSelect
                  className="form-field"
                  label={t('offers.service')}
                  defaultValue={scope?.service ?? 'food'}
                />
              </div>
            )
          }
        />
      </section>
    </section>
  );
}
