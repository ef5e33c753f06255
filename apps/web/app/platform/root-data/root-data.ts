import { useRouteLoaderData } from 'react-router';
import type { publicConfig } from '#app/config.server.ts';
import type { FlashToast } from '../feedback/flash-toast.ts';
import type { PagesChoice } from '../http/light-pages.server.ts';
import type { Locale } from '../i18n/locales.ts';
import type { MessageBundle } from '../i18n/message-bundle.tsx';
import type { ShownPlace } from '../places/place.ts';
import type { MetaMessages } from '../seo/page-meta.ts';
import type { AccountSummary } from '../session/account-summary.ts';
import type { RenderedTheme } from '../theme/theme.ts';

/**
 * What the root loader gives every page. Declared here, and checked by the loader with
 * `satisfies`, so that components read it without importing root.tsx: that import made
 * every part of the page shell a cycle through the root module.
 */
export interface RootData {
  locale: Locale;
  messageBundles: MessageBundle[];
  metaMessages: MetaMessages;
  config: ReturnType<typeof publicConfig>;
  theme: RenderedTheme;
  /** A toast for this page to show (from an action, a redirect or an API refusal). */
  toast: FlashToast | null;
  csrfToken: string;
  account: AccountSummary;
  /** Lines in the shopper's carts; null when the API could not say. */
  cartLines: number | null;
  place: { current: ShownPlace | null };
  /** Light pages (decision 39): the smallest pictures, and no scripts unless a route needs them. */
  saveData: boolean;
  /** The shopper's own choice of light or full pages (the footer's switch), null for none. */
  pagesChoice: PagesChoice | null;
}

/** The root loader's data; undefined when the root loader itself failed. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}
