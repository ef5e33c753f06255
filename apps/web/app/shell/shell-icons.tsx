import type { ReactNode } from 'react';
import type { SocialNetwork } from './social-networks.ts';

/**
 * The header's and footer's icons, drawn here (no icon font, no download): a few hundred bytes
 * of SVG in `currentColor`, so they follow the theme. All decorative: the text beside them, or
 * a visually hidden one, is the label.
 */
function Icon({ children, filled = false }: { children: ReactNode; filled?: boolean }) {
  return (
    <svg
      className="icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
      fill={filled ? 'currentColor' : 'none'}
      stroke={filled ? 'none' : 'currentColor'}
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

export function BrandMark() {
  return (
    <svg className="brand-mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="16" fill="#DE421B" />
      <path
        d="M9 22V10l7 7 7-7v12"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function InfoIcon() {
  return (
    <Icon>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5M12 8v.01" />
    </Icon>
  );
}

export function UserIcon() {
  return (
    <Icon>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </Icon>
  );
}

export function CartIcon() {
  return (
    <Icon>
      <path d="M3 4h2l2.4 11h11l2-8H6.2" />
      <circle cx="9" cy="19.5" r="1.5" />
      <circle cx="17" cy="19.5" r="1.5" />
    </Icon>
  );
}

export function PinIcon() {
  return (
    <Icon>
      <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11z" />
      <circle cx="12" cy="10" r="2.5" />
    </Icon>
  );
}

export function CheckIcon() {
  return (
    <Icon>
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </Icon>
  );
}

/** An apple, for the App Store badge. */
export function AppleIcon() {
  return (
    <Icon filled>
      <path d="M12 7.6c-1.1-.8-2.2-1.2-3.4-1.2C5.8 6.4 4 8.6 4 11.9 4 16 6.8 21 9 21c.9 0 1.6-.6 3-.6s2.1.6 3 .6c1.6 0 3.5-2.6 4.5-5.6-1.7-.7-2.8-2.2-2.8-4 0-1.6.8-2.9 2.1-3.7-.9-1.1-2.1-1.7-3.4-1.7-1.2 0-2.3.4-3.4 1.2z" />
      <path d="M12.2 6.3c-.1-2 1.3-3.8 3.3-4.2.2 2-1.2 3.9-3.3 4.2z" />
    </Icon>
  );
}

/** A play triangle, for the Google Play badge. */
export function PlayIcon() {
  return (
    <Icon filled>
      <path d="M5 3.6v16.8a1 1 0 0 0 1.5.9l14.3-8.4a1 1 0 0 0 0-1.8L6.5 2.7A1 1 0 0 0 5 3.6z" />
    </Icon>
  );
}

const SOCIAL_ICONS: Record<SocialNetwork | 'other', ReactNode> = {
  facebook: <path d="M15.5 3H13a4 4 0 0 0-4 4v14M6 11h8.5" />,
  instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5v.01" />
    </>
  ),
  x: <path d="M4 4h4.5L20 20h-4.5zM20 4l-6.6 7.3M4 20l6.6-7.3" />,
  tiktok: <path d="M14 3v12a4 4 0 1 1-4-4M14 3c0 3 2.2 5 5 5" />,
  youtube: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="4" />
      <path d="M10 9.2v5.6l4.8-2.8z" fill="currentColor" />
    </>
  ),
  whatsapp: (
    <>
      <path d="M3.5 20.5l1.4-4.2a8.5 8.5 0 1 1 3 3z" />
      <path d="M9 8.5c0 3.6 2.9 6.5 6.5 6.5l.8-1.8-2.1-1-1 1a4.5 4.5 0 0 1-2.4-2.4l1-1-1-2.1z" />
    </>
  ),
  linkedin: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <path d="M8 10.5V17M8 7.2v.01M12 17v-6.5M12 13.5a2.5 2.5 0 0 1 5 0V17" />
    </>
  ),
  other: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </>
  ),
};

export function SocialIcon({ network }: { network: SocialNetwork | undefined }) {
  return <Icon>{SOCIAL_ICONS[network ?? 'other']}</Icon>;
}

export function BellIcon() {
  return (
    <Icon>
      <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4z" />
      <path d="M10 20.5a2 2 0 0 0 4 0" />
    </Icon>
  );
}
