import { Fragment } from 'react';

/**
 * A left-to-right token (an email address, a phone number, a code, an amount) inside text that
 * may run right to left: isolated, so that Arabic does not turn "+254 712 345 678" into
 * "(678 345 712 254+)". `breakable` lets a long address wrap where a person would break it,
 * before its "@" and its dots, instead of at any letter.
 */
export function LtrText({ children, breakable = false }: { children: string; breakable?: boolean }) {
  if (!breakable) return <bdi dir="ltr">{children}</bdi>;
  const parts = children.split(/(?=[@.])/);
  return (
    <bdi dir="ltr">
      {parts.map((part, index) => (
        // The parts of one address never reorder: their index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </bdi>
  );
}
