import type { ViewerUser } from '../platform/session/account-summary.ts';

/** Up to two letters: the first of the name and of the surname (whole characters, not halves of one). */
export function initialsOf(user: Pick<ViewerUser, 'name' | 'surname'>): string {
  const first = (word: string) => Array.from(word.trim())[0] ?? '';
  return `${first(user.name)}${first(user.surname)}`.toLocaleUpperCase();
}

/**
 * The shopper's picture (avatarUrl when there is one), else their initials on a circle in the
 * theme's colour. Decorative: their name is always written beside it.
 */
export function Avatar({ user, size = 'small' }: { user: ViewerUser; size?: 'small' | 'large' }) {
  const pixels = size === 'large' ? 64 : 32;
  if (user.avatarUrl) {
    return (
      <img
        className={`avatar avatar-${size}`}
        src={user.avatarUrl}
        alt=""
        width={pixels}
        height={pixels}
        decoding="async"
        referrerPolicy="no-referrer"
      />
    );
  }
  return (
    <span className={`avatar avatar-${size} avatar-initials`} aria-hidden="true">
      {initialsOf(user)}
    </span>
  );
}
