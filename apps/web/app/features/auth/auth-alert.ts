import { type FormAlert, invalidFormAlert, networkErrorAlert } from '#app/platform/feedback/alert.ts';
import type { FormOutcome } from '#app/platform/forms/form-outcome.ts';
import type { MessageKey, Translate } from '#app/platform/i18n/translator.ts';
import type { AuthField } from './api-messages.ts';

/**
 * What an auth form's alert area says after a submission that did not go through
 * (docs/product/errors.md, form alerts): the fields in error with their labels, a refusal, the
 * wait after too many attempts, a failure.
 */
export function authAlertOf(result: unknown, t: Translate, labels: Record<string, MessageKey>): FormAlert | null {
  const outcome = result as FormOutcome<unknown, AuthField, unknown> | undefined;
  switch (outcome?.status) {
    case 'invalid':
      return invalidFormAlert(t, 'auth.error.summary', outcome.errors, labels);
    case 'refused':
      return { type: 'error', lines: [{ text: t(outcome.reason) }] };
    case 'rate-limited':
      return { type: 'error', lines: [{ text: t('auth.error.rateLimited', { minutes: outcome.minutes }) }] };
    case 'failed':
      return { type: 'error', lines: [{ text: t('auth.error.failed') }] };
    case 'network-error':
      return networkErrorAlert(t);
    default:
      return null;
  }
}
