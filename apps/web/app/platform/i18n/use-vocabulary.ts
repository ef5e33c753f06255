import { useI18n } from './i18n-context.tsx';
import type { MessageKey } from './translator.ts';

export type VocabularyKind = 'category' | 'tag' | 'cuisine' | 'unit' | 'unit.short' | 'type' | 'dietary' | 'sort';

/** `leafy-greens` → `Leafy greens`: a key no catalog names yet still reads as words. */
export function humanize(key: string): string {
  const words = key.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The label of a catalog vocabulary key (categories, cuisines, units, ...), an interface text
 * in every core language (catalog.json; a test checks the seed's keys). A key a provider
 * introduces before it is translated shows as words, never as a raw message id.
 */
export function useVocabulary(): (kind: VocabularyKind, key: string) => string {
  const { t, messages } = useI18n();
  return (kind, key) => {
    const id = `catalog.${kind}.${key}`;
    return id in messages ? t(id as MessageKey) : humanize(key);
  };
}
