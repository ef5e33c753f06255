import type { ReactNode } from 'react';
import { useI18n } from '../platform/i18n/i18n-context.tsx';
import type { MessageKey } from '../platform/i18n/translator.ts';

/** What a form control needs to belong to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A labelled control with its hint and, after a failed submission, its error between the label
 * and the control (a field the server marked invalid shows its message: docs/product/errors.md,
 * form alerts), tied to the control by aria-describedby. Every form of the storefront draws its
 * fields with it.
 */
export function FormField({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  error: MessageKey | undefined;
  children: (props: FieldControlProps) => ReactNode;
}) {
  const { t } = useI18n();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={error ? 'form-field has-error' : 'form-field'}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {t(error)}
        </p>
      ) : null}
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined })}
    </div>
  );
}
