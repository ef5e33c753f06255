import type { Translate } from '#app/platform/i18n/translator.ts';

/**
 * A suspended shop's notice: since when, and the operator's reason. The reason is someone's own
 * words, often in another language than the page's, so it is isolated (FIRST STRONG ISOLATE …
 * POP DIRECTIONAL ISOLATE) in every language: an Arabic reason on an English page keeps its
 * full stop at its own end, and a Latin one on an Arabic page keeps its order.
 */
export function suspensionText(suspension: { on: string; reason: string }, t: Translate): string {
  return t('operator.provider.suspendedSince', { date: suspension.on, reason: `\u2068${suspension.reason}\u2069` });
}
