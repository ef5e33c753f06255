import { COUNTRY_CODES } from '@malewa/contracts/country-codes';
import { MAX_FEATURED_ITEMS, MAX_FEATURED_PROVIDERS } from '@malewa/contracts/operator/featured';
import { Form, redirect } from 'react-router';
import { getFeaturedLists, replaceFeaturedLists } from '#app/features/operator/operator-api.server.ts';
import { oneOf } from '#app/features/operator/operator-format.ts';
import { MarketSelect, ServiceSelect } from '#app/features/operator/scope-selects.tsx';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { invalid, textOf, valuesOf } from '#app/platform/forms/form.server.ts';
import { errorsOf, type FieldErrors, keptValue } from '#app/platform/forms/form-outcome.ts';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { SERVICE_IDS } from '#app/platform/services/services.ts';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';
import { FormField } from '#app/ui/form-field.tsx';
import type { Route } from './+types/featured-page';

/** The market and service a page is about: from the query (or the form), South Africa's Food by default. */
function scopeOf(countryCode: string | null, service: string | null) {
  return { countryCode: oneOf(countryCode, COUNTRY_CODES) ?? 'ZA', service: oneOf(service, SERVICE_IDS) ?? 'food' };
}

export async function loader({ url, request, context }: Route.LoaderArgs) {
  const t = translatorFor(localeOfPath(url.pathname).code);
  const scope = scopeOf(url.searchParams.get('countryCode'), url.searchParams.get('service'));
  const lists = await signedInCall(url, () => getFeaturedLists(context, request, scope.countryCode, scope.service));
  return { scope, lists, title: `${t('operator.featured.title')} | ${t('site.name')}` };
}

/** Both lists, one slug a line, kept as typed when they come back. */
const FEATURED_FIELDS = ['providers', 'items'] as const;
type FeaturedField = (typeof FEATURED_FIELDS)[number];

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** Saves both lists; a line the API does not know comes back on its list. */
export async function action({ url, request, context }: Route.ActionArgs) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const form = await request.formData();
  const scope = scopeOf(textOf(form, 'countryCode'), textOf(form, 'service'));
  const values = valuesOf(form, FEATURED_FIELDS);
  const { providers, items } = values;
  const errors: FieldErrors<FeaturedField> = {};
  if (lines(providers).length > MAX_FEATURED_PROVIDERS) errors.providers = 'operator.featured.error.providers';
  if (lines(items).length > MAX_FEATURED_ITEMS) errors.items = 'operator.featured.error.items';
  const invalidLists = (found: FieldErrors<FeaturedField>) =>
    invalid(values, { form: 'operator.featured.error.form', ...found });
  if (Object.keys(errors).length > 0) return invalidLists(errors);
  try {
    await signedInCall(url, () =>
      replaceFeaturedLists(context, request, { ...scope, providers: lines(providers), items: lines(items) }),
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) {
      return invalidLists({
        ...('providers' in error.errors ? { providers: 'operator.featured.error.providers' as const } : {}),
        ...('items' in error.errors ? { items: 'operator.featured.error.items' as const } : {}),
      });
    }
    throw error;
  }
  showToast(context, { type: 'success', title: t('operator.featured.saved'), message: '' });
  throw redirect(`${localizePath('/operator/featured', locale.code)}?${new URLSearchParams(scope)}`, 303);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

/** Featured lists per service: what a service's home shows first in a market (docs/product/providers.md). */
export default function FeaturedPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { scope, lists } = loaderData;
  const errors = errorsOf<FeaturedField>(actionData);
  return (
    <section className="commerce-page operator-page" aria-labelledby="featured-title">
      <h1 id="featured-title">{t('operator.featured.title')}</h1>
      <p className="card-meta">{t('operator.featured.hint')}</p>
      <Form method="get" className="operator-filter">
        <MarketSelect label={t('offers.market')} defaultValue={scope.countryCode} />
        <ServiceSelect label={t('offers.service')} defaultValue={scope.service} />
        <button type="submit" className="button-quiet">
          {t('operator.featured.show')}
        </button>
      </Form>
      <h2>{t('operator.featured.current')}</h2>
      {lists.providers.length === 0 && lists.items.length === 0 ? (
        <p>{t('operator.featured.none')}</p>
      ) : (
        <ol className="operator-rows featured-current">
          {[...lists.providers, ...lists.items].map((entry) => (
            <li key={entry.id}>
              <bdi>{entry.name}</bdi> (<bdi>{entry.slug}</bdi>)
            </li>
          ))}
        </ol>
      )}
      <Form
        method="post"
        className="checkout-form featured-form"
        noValidate
        key={`${scope.countryCode}-${scope.service}`}
      >
        <CsrfField />
        <input type="hidden" name="countryCode" value={scope.countryCode} />
        <input type="hidden" name="service" value={scope.service} />
        {errors.form && (
          <p className="notice notice-error" role="alert">
            {t(errors.form)}
          </p>
        )}
        <FormField
          id="featured-providers"
          label={t('operator.featured.providers')}
          hint={t('operator.featured.slugHint')}
          error={errors.providers}
        >
          {(props) => (
            <textarea
              {...props}
              name="providers"
              rows={6}
              dir="ltr"
              defaultValue={keptValue(actionData, 'providers', lists.providers.map((row) => row.slug).join('\n'))}
            />
          )}
        </FormField>
        <FormField id="featured-items" label={t('operator.featured.items')} error={errors.items}>
          {(props) => (
            <textarea
              {...props}
              name="items"
              rows={8}
              dir="ltr"
              defaultValue={keptValue(actionData, 'items', lists.items.map((row) => row.slug).join('\n'))}
            />
          )}
        </FormField>
        <p className="order-actions">
          <button type="submit">{t('operator.featured.save')}</button>
        </p>
      </Form>
    </section>
  );
}
