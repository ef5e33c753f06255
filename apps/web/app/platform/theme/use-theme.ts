import { useFetcher } from 'react-router';
import { useRootData } from '../root-data/root-data.ts';
import { useLoadedPalettes } from './palette-loader.ts';
import { type RenderedTheme, themeFromForm, themeName } from './theme.ts';

/** The theme picker's fetcher, shared by the picker and the document that shows the theme. */
export const THEME_FETCHER_KEY = 'theme-picker';

/** The theme the server read from the cookies (the root loader's). */
export function useSavedTheme() {
  return useRootData()?.theme;
}

/**
 * The theme to paint: while the picker's post is under way, the one being chosen, so that the
 * page changes at once; otherwise the saved one. No flash back: the fetcher keeps its form
 * data until the reloaded root data carries the new cookies. A chosen colour is shown once its
 * palette is in the browser (the picker loads them when opened), never as a name without its
 * colours; a chosen radius needs nothing more and is shown at once.
 */
export function useDisplayedTheme(): RenderedTheme | undefined {
  const saved = useSavedTheme();
  const pending = useFetcher({ key: THEME_FETCHER_KEY }).formData;
  const palettes = useLoadedPalettes();
  const chosen = pending && themeFromForm(pending);
  if (!saved || !chosen) return saved;
  const name = themeName(chosen);
  if (name === saved.name || !palettes) return { ...saved, radius: chosen.radius };
  return { ...chosen, name, ...palettes[name] };
}
