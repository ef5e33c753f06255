import type { FieldWords } from '#app/platform/forms/form.server.ts';

/** What an operator's reasoned move (reject an application, suspend a shop) keeps when it comes back. */
export interface ReasonValues {
  reason: string;
}

/** The request has one field, the reason: whatever rule it broke, one message beside it. */
export const REASON_WORDS: FieldWords<'reason'> = {
  fieldOf: () => 'reason',
  messageOf: () => 'operator.error.reason',
};
