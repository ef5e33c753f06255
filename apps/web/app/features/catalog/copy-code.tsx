import { useState } from 'react';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { useHydrated } from '#app/ui/use-hydrated.ts';

/** A coupon code as selectable text; with JavaScript, a button copies it and says so. */
export function CopyCode({ code }: { code: string }) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <>
      <code className="coupon-code" dir="ltr">
        {code}
      </code>
      {hydrated && 'clipboard' in navigator && (
        <button
          type="button"
          className="secondary"
          onClick={() => {
            navigator.clipboard.writeText(code).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {t(copied ? 'catalog.offer.copied' : 'catalog.offer.copy')}
        </button>
      )}
      <span role="status" className="visually-hidden">
        {copied ? t('catalog.offer.copied') : ''}
      </span>
    </>
  );
}
