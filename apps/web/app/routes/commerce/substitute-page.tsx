import { Form, useNavigation } from 'react-router';
import { privatePageHeaders, privatePageMeta } from '#app/platform/http/private-page.ts';
import { I18nScope, useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localizePath } from '#app/platform/i18n/locales.ts';
import { useVocabulary } from '#app/platform/i18n/use-vocabulary.ts';
import { useFormatMoney } from '#app/platform/money/use-money.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import commerceStyles from '#app/styles/commerce.css?url';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { ItemArt } from '#app/ui/item-art.tsx';
import { Localized } from '#app/ui/localized.tsx';
import { LtrText } from '#app/ui/ltr-text.tsx';
import type { Route } from './+types/substitute-page';
import { serviceOfCartPath } from './cart-page.server.ts';
import { loadSubstitutePage } from './substitute-page.server.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: commerceStyles }];

export function loader({ url, request, context, params }: Route.LoaderArgs) {
  return loadSubstitutePage(url, request, context, serviceOfCartPath(url), params.lineId);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export default function SubstitutePage(props: Route.ComponentProps) {
  return (
    <I18nScope bundles={props.loaderData.messageBundles} messages={props.loaderData.vocabulary}>
      <SubstituteBody {...props} />
    </I18nScope>
  );
}

/**
 * "This one instead": if the line's item is missing when the shop packs the order, which of
 * the shop's other items it should pack. Radios in a plain form to the cart, which keeps the
 * choice on the line; it works without JavaScript.
 */
function SubstituteBody({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const money = useFormatMoney();
  const label = useVocabulary();
  const { service, line, substitutes } = loaderData;
  const sending = useNavigation().state === 'submitting';
  const cart = localizePath(`/cart/${service}`, locale.code);
  return (
    <div className="commerce-page substitute-page">
      <h1>
        {t('commerce.substitution.pageHeading')} <Localized as="bdi" text={line.name} />
      </h1>
      <p>{t('commerce.substitution.pageIntro')}</p>
      {substitutes.length === 0 ? (
        <EmptyState title={t('commerce.substitution.none')}>
          <p>
            <AppLink to={cart}>{t('commerce.checkout.back')}</AppLink>
          </p>
        </EmptyState>
      ) : (
        <Form method="post" action={cart} className="substitute-form">
          <CsrfField />
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="lineId" value={line.id} />
          <input type="hidden" name="substitution" value="specific" />
          <fieldset>
            <legend className="visually-hidden">{t('commerce.substitution.pageHeading')}</legend>
            <ul className="substitute-choices">
              {substitutes.map((item, index) => (
                <li key={item.slug} className="substitute-choice">
                  <label>
                    <input type="radio" name="substitute" value={item.slug} required defaultChecked={index === 0} />
                    <ItemArt icons={item.images} seed={item.slug} sizes="3rem" />
                    <span>
                      <Localized as="bdi" text={item.name} />
                      <span className="card-meta">
                        {' '}
                        <LtrText>{money(item.price)}</LtrText> {label('unit', item.unit)}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <div className="substitute-actions">
            <button type="submit" className="button button-primary" disabled={sending}>
              {t('commerce.substitution.choose')}
            </button>
            <AppLink to={cart}>{t('commerce.checkout.back')}</AppLink>
          </div>
        </Form>
      )}
    </div>
  );
}
