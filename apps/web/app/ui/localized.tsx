import type { LocalizedTextOut } from '@malewa/contracts/catalog/catalog-card';
import type { ElementType } from 'react';
import { useI18n } from '../platform/i18n/i18n-context.tsx';

/**
 * A text a provider wrote, marked with its own language when it is not the page's (WCAG 3.1.2,
 * language of parts): a Swahili description on an English page is read with Swahili rules.
 * Where a text may not be in the script of its language tag (consoles, orders, carts: as the
 * provider typed it), `as="bdi"` isolates it whatever its language.
 */
export function Localized({
  text,
  as: Tag = 'span',
  className,
}: {
  text: LocalizedTextOut;
  as?: ElementType;
  className?: string;
}) {
  const { locale } = useI18n();
  const foreign = text.lang !== locale.code && text.lang !== locale.iso;
  return (
    <Tag className={className} lang={foreign ? text.lang : undefined} dir={foreign ? 'auto' : undefined}>
      {text.text}
    </Tag>
  );
}
