import type { ReactNode } from 'react';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import { type FieldControlProps, FormField } from '#app/ui/form-field.tsx';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-rules.ts';

export interface ControlProps extends FieldControlProps {
  name: string;
}

/** A field of an auth form: its id is `auth-<name>`, and the control gets the name. */
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
  return (
    <FormField id={`auth-${name}`} label={label} hint={hint} error={error}>
      {(props) => children({ ...props, name })}
    </FormField>
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

/** A new password: the API's length rules as attributes, and its hint. */
export function NewPasswordField({ name, error }: { name: 'password' | 'newPassword'; error: MessageKey | undefined }) {
  const { t } = useI18n();
  return (
    <AuthField
      name={name}
      label={t(name === 'password' ? 'auth.field.password' : 'auth.field.newPassword')}
      hint={t('auth.field.passwordHint')}
      error={error}
    >
      {(props) => (
        <input
          {...props}
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          required
        />
      )}
    </AuthField>
  );
}
