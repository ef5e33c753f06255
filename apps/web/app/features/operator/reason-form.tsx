import { Form } from 'react-router';
import { errorOf, type FormOutcome, keptValue } from '#app/platform/forms/form-outcome.ts';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import { FormField } from '#app/ui/form-field.tsx';
import type { ReasonValues } from './reason-form.server.ts';

interface ReasonFormProps {
  /** The form's intent, also the field's id prefix: one page may hold several such forms. */
  intent: string;
  label: string;
  hint?: string;
  submit: string;
  quiet?: boolean;
  /** A reason that broke the rules comes back beside the field, as typed. */
  outcome: FormOutcome<ReasonValues> | undefined;
}

/**
 * An operator's reasoned move (reject an application, suspend a shop): the reason is what the
 * other side reads, so the same rules and the same form everywhere (10–500 characters).
 */
export function ReasonForm({ intent, label, hint, submit, quiet, outcome }: ReasonFormProps) {
  return (
    <Form method="post" className="checkout-form" noValidate>
      <CsrfField />
      <FormField id={`${intent}-reason`} label={label} hint={hint} error={errorOf(outcome, 'reason')}>
        {(props) => (
          <textarea
            {...props}
            name="reason"
            rows={3}
            minLength={10}
            maxLength={500}
            required
            defaultValue={keptValue(outcome, 'reason')}
          />
        )}
      </FormField>
      <button type="submit" name="intent" value={intent} className={quiet ? 'button-quiet' : undefined}>
        {submit}
      </button>
    </Form>
  );
}
