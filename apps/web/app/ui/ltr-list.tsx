import { Fragment } from 'react';
import { useI18n } from '../platform/i18n/i18n-context.tsx';
import { listParts } from '../platform/i18n/list-format.ts';
import { LtrText } from './ltr-text.tsx';

/**
 * Left-to-right items (times, codes, amounts) listed in the page's language: each item isolated,
 * the list itself in the page's direction, so an Arabic list reads from the right with its own
 * "و" between items that keep their own order inside.
 */
export function LtrList({ items }: { items: readonly string[] }) {
  const { locale } = useI18n();
  return (
    <>
      {listParts(items, locale.iso).map((part, index) => (
        // A list's parts never reorder: their index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <Fragment key={index}>{part.type === 'element' ? <LtrText>{part.value}</LtrText> : part.value}</Fragment>
      ))}
    </>
  );
}
