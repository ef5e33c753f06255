import { useFetcher, useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../root.tsx';
import { type ThemeChoice, type ThemeName, themeFromForm, themeName } from './theme.ts';

/** The theme picker's fetcher, shared by the picker and the document that shows the theme. */
export const THEME_FETCHER_KEY = 'theme-picker';

/** The theme the server read from the cookies (the root loader's). */
export function useSavedTheme() {
  return useRouteLoaderData<typeof rootLoader>('root')?.theme;
}

/**
 * The theme to paint: while the picker's post is under way, the one being chosen, so that the
 * page changes at once; otherwise the saved one. No flash back: the fetcher keeps its form
 * data until the reloaded root data carries the new cookies.
 */
export function useDisplayedTheme(): (ThemeChoice & { name: ThemeName }) | undefined {
  const saved = useSavedTheme();
  const pending = useFetcher({ key: THEME_FETCHER_KEY }).formData;
  const chosen = (pending && themeFromForm(pending)) || saved;
  return chosen && { ...chosen, name: themeName(chosen) };
}
