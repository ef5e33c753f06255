/**
 * A text written in several languages (a listing's name, an offer's title: `{ en: …, sw: … }`)
 * in `language` when it is written in it, else in its first language.
 */
export function textIn(texts: Partial<Record<string, string>>, language: string): string {
  return texts[language] ?? Object.values(texts)[0] ?? '';
}
