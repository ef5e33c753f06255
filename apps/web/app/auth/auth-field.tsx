import type { ReactNode } from 'react';
import { useI18n } from '../i18n/i18n-context.tsx';
import type { MessageKey } from '../i18n/translator.ts';

export interface ControlProps {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A labelled control with its hint and, after a failed submission, its error between the label
 * and the control (spec §5: a field the server marked invalid shows its message), tied to the
 * control by aria-describedby.
 */
export function AuthField({
  name,
  label,
  hint,
  error,
  children,
}: {
  name: string;
  label: string;
  hint?: string | undefined;
  error: MessageKey | undefined;
  children: (props: ControlProps) => ReactNode;
}) {
  const { t } = useI18n();
  const id = `auth-${name}`;
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
      {children({ id, name, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined })}
    </div>
  );
}

/** The email-or-phone field every auth form has: left to right even in Arabic (addresses, numbers). */
export function IdentifierField({
  value,
  error,
  hint = false,
}: {
  value: string;
  error: MessageKey | undefined;
  hint?: boolean;
}) {
  const { t } = useI18n();
  return (
    <AuthField
      name="identifier"
      label={t('auth.field.identifier')}
      hint={hint ? t('auth.field.identifierHint') : undefined}
      error={error}
    >
      {(props) => (
        <input
          {...props}
          type="text"
          dir="ltr"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          required
          defaultValue={value}
        />
      )}
    </AuthField>
  );
}
