import { Form } from 'react-router';
import { errorOf, keptValue } from '#app/platform/forms/form-outcome.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import { FormField } from '#app/ui/form-field.tsx';
import { Localized } from '#app/ui/localized.tsx';
import type { ConsoleProblem, ResolveField, ResolveOutcome } from './console-problems.server.ts';

/**
 * The consoles' problems (docs/product/providers.md): each with its lines, the shopper's note
 * and photo (through the console's signed-in photo route), and a resolve form; an operator's
 * form stays on a resolved problem, to overrule it with a further refund.
 */
export function ProblemList({
  problems,
  outcome,
  overrule,
  showShop,
}: {
  problems: readonly ConsoleProblem[];
  outcome: ResolveOutcome | undefined;
  /** Operators: resolved problems keep a form for a further refund. */
  overrule: boolean;
  showShop: boolean;
}) {
  const { t } = useI18n();
  if (problems.length === 0) return <p className="notice">{t('provider.problems.empty')}</p>;
  return (
    <ul className="problem-cards">
      {problems.map((problem) => {
        const mine = outcome?.intent === problem.id ? outcome : undefined;
        return (
          <li key={problem.id} className="order-card problem-card">
            <h2 className="problem-card-title">
              <span className={`status-badge status-${problem.status}`}>
                {t(`provider.problems.status.${problem.status}`)}
              </span>{' '}
              {showShop && <bdi>{problem.shop}</bdi>}
            </h2>
            <p className="card-meta">
              {t('provider.problems.reportedAt', { when: problem.reportedAt })} ·{' '}
              {t('provider.problems.orderTotal', { total: problem.total })}
            </p>
            <ul className="problem-lines">
              {problem.lines.map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a report names each line once, in order.
                <li key={index}>
                  <Localized text={line.name} />{' '}
                  {t('provider.problems.line', { quantity: line.quantity, bought: line.bought })} ·{' '}
                  <strong>{t(`provider.problems.reason.${line.reason}`)}</strong>
                </li>
              ))}
            </ul>
            {problem.note && (
              <blockquote className="problem-note">
                <bdi>{problem.note}</bdi>
              </blockquote>
            )}
            {problem.photo && (
              <p>
                <a href={problem.photo} target="_blank" rel="noopener">
                  <img
                    src={problem.photo}
                    alt={t('provider.problems.photo')}
                    className="problem-photo"
                    loading="lazy"
                    width={160}
                  />
                </a>
              </p>
            )}
            {problem.status === 'resolved' && (
              <p>
                {problem.refund && problem.refundTo
                  ? t(`provider.problems.refunded.${problem.refundTo}`, { amount: problem.refund })
                  : t('provider.problems.noRefund')}
                {problem.resolution && (
                  <>
                    {' '}
                    · <bdi>{problem.resolution}</bdi>
                  </>
                )}
              </p>
            )}
            {(problem.status === 'open' || overrule) && (
              <ResolveForm problem={problem} outcome={mine} overrule={problem.status === 'resolved'} />
            )}
          </li>
        );
      })}
    </ul>
  );
}

function ResolveForm({
  problem,
  outcome,
  overrule,
}: {
  problem: ConsoleProblem;
  outcome: ResolveOutcome | undefined;
  overrule: boolean;
}) {
  const { t } = useI18n();
  const id = `resolve-${problem.id}`;
  const refundError = errorOf<ResolveField>(outcome, 'refund');
  const cap = outcome?.status === 'invalid' ? outcome.details?.cap : undefined;
  const cash = problem.paymentMethod === 'cash';
  const to = keptValue(outcome, 'to', 'credit');
  return (
    <Form method="post" className="checkout-form resolve-form" noValidate>
      <CsrfField />
      <input type="hidden" name="problem" value={problem.id} />
      <input type="hidden" name="currency" value={problem.currency} />
      <h3>{t(overrule ? 'provider.problems.overrule' : 'provider.problems.resolve')}</h3>
      {outcome?.status === 'refused' && (
        <p className="notice notice-error" role="alert">
          {t(outcome.reason)}
        </p>
      )}
      {outcome?.status === 'failed' && (
        <p className="notice notice-error" role="alert">
          {t('commerce.error.failed')}
        </p>
      )}
      <p className="card-meta">
        {cash
          ? t('provider.problems.capCash', { credit: problem.refundable.creditText })
          : t('provider.problems.cap', {
              credit: problem.refundable.creditText,
              method: problem.refundable.methodText,
            })}
      </p>
      {cap && (
        // Above the cap: the cap itself, written out (a field's message carries no amount).
        <p className="field-error" role="alert">
          {t('provider.problems.error.cap', { cap })}
        </p>
      )}
      <FormField
        id={`${id}-refund`}
        label={t('provider.problems.amount', { currency: problem.currency })}
        error={cap ? undefined : refundError}
      >
        {(props) => (
          <input
            {...props}
            name="refund"
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={refundError ? true : undefined}
            defaultValue={keptValue(outcome, 'refund', overrule ? '' : problem.refundable.creditMajor)}
          />
        )}
      </FormField>
      <fieldset>
        <legend>{t('provider.problems.to')}</legend>
        <label className="choice">
          <input type="radio" name="to" value="credit" defaultChecked={cash || to === 'credit'} />{' '}
          {t('provider.problems.to.credit')}
        </label>
        {!cash && (
          <label className="choice">
            <input type="radio" name="to" value="method" defaultChecked={to === 'method'} />{' '}
            {t('provider.problems.to.method')}
          </label>
        )}
      </fieldset>
      <FormField
        id={`${id}-note`}
        label={t('provider.problems.noteField')}
        error={errorOf<ResolveField>(outcome, 'note')}
      >
        {(props) => (
          <textarea {...props} name="note" rows={2} maxLength={500} defaultValue={keptValue(outcome, 'note')} />
        )}
      </FormField>
      <p>
        <button type="submit">{t('provider.problems.submit')}</button>
      </p>
    </Form>
  );
}
