import { type ReactNode, useEffect, useRef } from 'react';
import { useNavigation } from 'react-router';
import { AlertArea } from '#app/platform/feedback/alert-area.tsx';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import { authAlertOf } from './auth-alert.ts';

/**
 * The frame of every auth page: its heading and lead, the alert area of its form
 * (docs/product/errors.md, form alerts) with any page notice, then the form and links. After a
 * submission, JavaScript takes the reader to what changed: the first field in error, else the
 * notices; password fields are emptied.
 */
export function AuthPage({
  title,
  lead,
  result,
  labels,
  notice,
  children,
}: {
  title: string;
  lead?: string | undefined;
  /** The action's answer (`actionData`): a new object after each submission. */
  result: unknown;
  /** The visible label of each field, for the alert's lines. */
  labels: Record<string, MessageKey>;
  notice?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const noticeRef = useRef<HTMLDivElement>(null);
  const pageRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!result) return;
    // Typed again after a failed submission, as without JavaScript (the server never sends it back).
    for (const input of pageRef.current?.querySelectorAll<HTMLInputElement>('input[type="password"]') ?? []) {
      input.value = '';
    }
    const firstInvalid = pageRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (firstInvalid ?? noticeRef.current)?.focus();
  }, [result]);

  return (
    <section className="auth-page" aria-labelledby="auth-title" ref={pageRef}>
      <h1 id="auth-title">{title}</h1>
      {lead ? <p className="auth-lead">{lead}</p> : null}
      <div ref={noticeRef} tabIndex={-1} className="auth-notices">
        <AlertArea alert={authAlertOf(result, t, labels)} source={result} />
        {notice}
      </div>
      {children}
    </section>
  );
}

/** The form's button: says it is working while the submission is on its way. */
export function SubmitButton({ label, sending }: { label: string; sending: string }) {
  const busy = useNavigation().state === 'submitting';
  return (
    <button type="submit" className="button auth-submit" disabled={busy}>
      {busy ? sending : label}
    </button>
  );
}
