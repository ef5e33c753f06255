import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localizePath } from '#app/platform/i18n/locales.ts';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { pageMeta } from '#app/platform/seo/page-meta.ts';
import { getService } from '#app/platform/services/services.ts';
import { useEnabledServices } from '#app/platform/services/use-enabled-services.ts';
import homeStyles from '#app/styles/home.css?url';
import type { Route } from './+types/home';
import { loadDeliveryCities } from './home.server.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: homeStyles }];
export async function loader({ url, request, context }: Route.LoaderArgs) {
  return loadDeliveryCities(url, request, context);
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { path: '/', ...args.loaderData.meta });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const services = useEnabledServices();
  const { countries } = loaderData;
  const cityCount = countries?.reduce((n, c) => n + c.cities.length, 0) ?? 0;
  return (
    <>
      <section className="hero">
        <h1>{t('site.tagline')}</h1>
        <p>{t('home.heroLead')}</p>
      </section>

      <section aria-labelledby="services-title">
        <h2 id="services-title">{t('home.servicesTitle')}</h2>
        <ul className="service-grid">
          {services.map((service) => (
            <li key={service} className={`service-card service-${service}`}>
              <h3>
                <AppLink to={localizePath(getService(service).path, locale.code)}>
                  {t(`service.${service}.name` as MessageKey)}
                </AppLink>
              </h3>
              <p>{t(`service.${service}.summary` as MessageKey)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="cities-title">
        <h2 id="cities-title">{t('home.citiesTitle')}</h2>
        {countries ? (
          <>
            <p>{t('home.citiesCount', { count: cityCount, countries: countries.length })}</p>
            <ul className="country-list">
              {countries.map((country) => (
                <li key={country.code}>
                  <h3>{country.name}</h3>
                  <p>{country.cities.join(' · ')}</p>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p role="status">{t('home.citiesUnavailable')}</p>
        )}
      </section>
    </>
  );
}
