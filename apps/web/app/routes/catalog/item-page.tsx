import type { ItemDetail } from '@malewa/contracts/catalog/get-catalog-entry';
import { Form } from 'react-router';
import { AddToCartForm, canAddToCart } from '#app/features/catalog/add-to-cart-form.tsx';
import { type BookingField, BookingForm, type BookingValues } from '#app/features/catalog/booking-form.tsx';
import { DeliveryFacts } from '#app/features/catalog/delivery-facts.tsx';
import { FavoriteButton } from '#app/features/catalog/favorite-button.tsx';
import { ItemCard } from '#app/features/catalog/item-card.tsx';
import { itemJsonLd } from '#app/features/catalog/structured-data.ts';
import type { FormOutcome } from '#app/platform/forms/form-outcome.ts';
import { I18nScope, useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localizePath } from '#app/platform/i18n/locales.ts';
import { useVocabulary } from '#app/platform/i18n/use-vocabulary.ts';
import { useFormatMoney } from '#app/platform/money/use-money.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { itemPath, providerPath } from '#app/platform/navigation/catalog-paths.ts';
import { pageMeta } from '#app/platform/seo/page-meta.ts';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import catalogStyles from '#app/styles/catalog.css?url';
import entryStyles from '#app/styles/catalog-entry.css?url';
import { ItemArt } from '#app/ui/item-art.tsx';
import { Localized } from '#app/ui/localized.tsx';
import { PriceTag } from '#app/ui/price-tag.tsx';
import type { Route } from './+types/item-page';
import { loadItemPage, submitItemPage } from './entry-page.server.ts';

export function loader({ url, request, context }: Route.LoaderArgs) {
  return loadItemPage(url, request, context);
}

export function action({ url, request, context }: Route.ActionArgs) {
  return submitItemPage(url, request, context);
}

/** The entry pages' own rules, after the catalog's (styles/catalog-entry.css). */
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: catalogStyles },
  { rel: 'stylesheet', href: entryStyles },
];

export function meta(args: Route.MetaArgs) {
  if (!args.loaderData) return [];
  const { item } = args.loaderData;
  const path = itemPath(item.service, item.type, item.slug);
  const meta = pageMeta(args, {
    path,
    title: `${item.name.text} · ${item.provider.name}`,
    description: item.description.text,
  });
  const canonical = meta.find((entry) => 'rel' in entry && entry.rel === 'canonical') as { href?: string } | undefined;
  return [...meta, { 'script:ld+json': itemJsonLd(item, canonical?.href ?? path) }];
}

/**
 * An item's page: picture, price per unit, dietary flags, options, description in its own
 * language, and who sells it; a recipe adds servings, steps and the ingredients to buy near
 * the shopper, an experience what is included and for how many. Meals, products and produce
 * go into the service's cart from here (its options are the form's choices).
 *
 * The page's vocabulary labels (vocabulary.server.ts) over the layout's texts.
 */
export default function ItemPage(props: Route.ComponentProps) {
  return (
    <I18nScope messages={props.loaderData.vocabulary}>
      <ItemBody {...props} />
    </I18nScope>
  );
}

function ItemBody({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const label = useVocabulary();
  const { item, servings, favorite, bookingDates } = loaderData;
  const experience = item.experience;
  return (
    <article className="entry-page item-page" aria-labelledby="entry-title">
      <header className="entry-header">
        <ItemArt icons={item.images.slice(0, 1)} seed={item.category} sizes="10rem" large eager />
        <div>
          <h1 id="entry-title">
            <Localized text={item.name} />
          </h1>
          <FavoriteButton kind="item" id={item.id} kept={favorite} />
          <p className="card-meta">
            <AppLink to={localizePath(providerPath(item.provider.service, item.provider.slug), locale.code)}>
              {item.provider.name}
            </AppLink>{' '}
            · {item.provider.area}, {item.provider.city} · {label('category', item.category)}
          </p>
          {item.type !== 'recipe' && <PriceTag price={item.price} unit={item.unit} />}
          {item.stepMilli !== 1000 && (
            <p className="card-meta">
              {t('catalog.item.step', { step: item.stepMilli / 1000, unit: label('unit', item.unit) })}
            </p>
          )}
          <p className="card-status">
            {!item.available && <span className="badge closed">{t('catalog.status.soldOut')}</span>}
            {item.stock !== null && item.stock > 0 && item.stock <= 10 && (
              <span className="badge">{t('catalog.item.fewLeft', { count: item.stock })}</span>
            )}
            {item.dietary.map((flag) => (
              <span key={flag} className="badge subtle">
                {t(`catalog.dietary.${flag}`)}
              </span>
            ))}
          </p>
          <Localized as="p" className="entry-description" text={item.description} />
          {item.type !== 'recipe' && (
            <DeliveryFacts delivery={item.provider.delivery} booked={item.type === 'experience'} />
          )}
        </div>
      </header>
      {item.available && experience && bookingDates ? (
        <BookingForm
          item={{ ...item, experience }}
          dates={bookingDates}
          outcome={actionData as FormOutcome<BookingValues, BookingField> | undefined}
        />
      ) : item.available && canAddToCart(item) ? (
        <AddToCartForm item={item} />
      ) : (
        item.options.length > 0 && <Options options={item.options} />
      )}
      {item.experience && <Experience experience={item.experience} />}
      {item.recipe && <Recipe recipe={item.recipe} servings={servings ?? item.recipe.servings} />}
      {item.nutrition?.kcal !== undefined && (
        <p className="card-meta">{t('catalog.item.kcal', { kcal: item.nutrition.kcal })}</p>
      )}
    </article>
  );
}

function Options({ options }: { options: ItemDetail['options'] }) {
  const { t } = useI18n();
  const money = useFormatMoney();
  return (
    <section className="entry-options" aria-labelledby="options-title">
      <h2 id="options-title">{t('catalog.item.options')}</h2>
      {options.map((option) => (
        <div key={option.name.text} className="option-group">
          <h3>
            <Localized text={option.name} />{' '}
            <span className="card-meta">
              {option.required
                ? t('catalog.item.required', { max: option.max })
                : t('catalog.item.optional', { max: option.max })}
            </span>
          </h3>
          <ul>
            {option.choices.map((choice) => (
              <li key={choice.name.text}>
                <Localized text={choice.name} />
                {choice.price.amount > 0 && <span className="card-meta"> +{money(choice.price)}</span>}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

function Experience({ experience }: { experience: NonNullable<ItemDetail['experience']> }) {
  const { t } = useI18n();
  return (
    <section className="entry-experience" aria-labelledby="experience-title">
      <h2 id="experience-title">{t('catalog.experience.title')}</h2>
      <ul className="facts">
        <li>{t('catalog.experience.guests', { min: experience.guestsMin, max: experience.guestsMax })}</li>
        <li>{t('catalog.experience.duration', { hours: Math.round(experience.durationMinutes / 30) / 2 })}</li>
        <li>{t(`catalog.experience.venue.${experience.venue}`)}</li>
        <li>{t(`catalog.experience.pricing.${experience.pricing}`)}</li>
      </ul>
      <h3>{t('catalog.experience.included')}</h3>
      <ul>
        {experience.included.map((entry) => (
          <li key={entry.text}>
            <Localized text={entry} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Quantities scale with the chosen servings; "to taste" ones stay as they are. */
function scaled(quantityMilli: number, servings: number, base: number): string {
  const value = (quantityMilli / 1000) * (servings / base);
  return String(Math.round(value * 100) / 100);
}

function Recipe({ recipe, servings }: { recipe: NonNullable<ItemDetail['recipe']>; servings: number }) {
  const { t } = useI18n();
  const label = useVocabulary();
  return (
    <>
      <section className="entry-recipe" aria-labelledby="recipe-title">
        <h2 id="recipe-title">{t('catalog.recipe.ingredients')}</h2>
        <ul className="facts">
          <li>{t('catalog.recipe.prep', { minutes: recipe.prepMinutes })}</li>
          <li>{t('catalog.recipe.cook', { minutes: recipe.cookMinutes })}</li>
          <li>{t(`catalog.recipe.difficulty.${recipe.difficulty}`)}</li>
        </ul>
        <Form method="get" className="servings-form">
          <label>
            <span>{t('catalog.recipe.servings')}</span>
            <input type="number" name="servings" min={1} max={24} defaultValue={servings} />
          </label>
          <button type="submit">{t('catalog.recipe.scale')}</button>
        </Form>
        <ul className="ingredients">
          {recipe.ingredients.map((ingredient) => (
            <li key={ingredient.name.text}>
              {ingredient.quantityMilli !== null && (
                <strong>
                  {scaled(ingredient.quantityMilli, servings, recipe.servings)}
                  {ingredient.unit ? ` ${label('unit.short', ingredient.unit)}` : ''}{' '}
                </strong>
              )}
              <Localized text={ingredient.name} />
            </li>
          ))}
        </ul>
        {recipe.ingredients.some((ingredient) => ingredient.matches.length > 0) && (
          <Form method="post" className="servings-form">
            <CsrfField />
            <input type="hidden" name="servings" value={servings} />
            <button type="submit" name="intent" value="add-ingredients">
              {t('catalog.recipe.addAll', { servings })}
            </button>
          </Form>
        )}
      </section>
      <section className="entry-steps" aria-labelledby="steps-title">
        <h2 id="steps-title">{t('catalog.recipe.steps')}</h2>
        <ol>
          {recipe.steps.map((step) => (
            <li key={step.text}>
              <Localized text={step} />
            </li>
          ))}
        </ol>
      </section>
      <section className="entry-buy" aria-labelledby="buy-title">
        <h2 id="buy-title">{t('catalog.recipe.buy')}</h2>
        {recipe.ingredients.some((ingredient) => ingredient.matches.length > 0) ? (
          <ul className="card-grid">
            {recipe.ingredients.flatMap((ingredient) =>
              ingredient.matches.slice(0, 1).map((match) => (
                <li key={match.id}>
                  <ItemCard item={match} />
                </li>
              )),
            )}
          </ul>
        ) : (
          <p>{t('catalog.recipe.nothingNear')}</p>
        )}
      </section>
    </>
  );
}
