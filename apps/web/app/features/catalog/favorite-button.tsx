import type { FavoriteKind } from '@malewa/contracts/favorites/favorite';
import { Form, useLocation, useNavigation } from 'react-router';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localizePath } from '#app/platform/i18n/locales.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M12 20.5s-7.5-4.6-7.5-10.1A4.4 4.4 0 0 1 12 7.6a4.4 4.4 0 0 1 7.5 2.8c0 5.5-7.5 10.1-7.5 10.1Z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A card's heart: what it keeps, and whether the shopper keeps it already. */
export interface CardFavorite {
  id: string;
  kept: boolean;
}

/**
 * The heart on a provider's or an item's page, and on a signed-in shopper's cards: a plain
 * form to the favorites page (keep or forget), which brings the shopper back here; it works
 * without JavaScript. Not signed in (`kept` null), it leads to signing in and back. On a card
 * (`name` given) it is the heart alone, its words (with what it keeps) for screen readers.
 */
export function FavoriteButton({
  kind,
  id,
  kept,
  name,
}: {
  kind: FavoriteKind;
  id: string;
  kept: boolean | null;
  name?: string | undefined;
}) {
  const { t, locale } = useI18n();
  const { pathname, search } = useLocation();
  const pending = useNavigation().formData?.get('id') === id;
  const here = `${pathname}${search}`;
  if (kept === null) {
    return (
      <AppLink
        className="favorite-button"
        to={`${localizePath('/auth/login', locale.code)}?returnTo=${encodeURIComponent(here)}`}
      >
        <Heart filled={false} />
        <span>{t('catalog.favorite.keep')}</span>
      </AppLink>
    );
  }
  // While the form is on its way, the heart already shows what it will be.
  const shown = pending ? !kept : kept;
  return (
    <Form
      method="post"
      action={localizePath('/account/favorites', locale.code)}
      className={name === undefined ? 'favorite-form' : 'favorite-form on-card'}
      preventScrollReset
    >
      <CsrfField />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="returnTo" value={here} />
      <button
        type="submit"
        name="intent"
        value={kept ? 'forget' : 'keep'}
        className="favorite-button"
        aria-pressed={shown}
      >
        <Heart filled={shown} />
        {name === undefined ? (
          <span>{t('catalog.favorite.keep')}</span>
        ) : (
          <span className="visually-hidden">{t('catalog.favorite.keepNamed', { name })}</span>
        )}
      </button>
    </Form>
  );
}
