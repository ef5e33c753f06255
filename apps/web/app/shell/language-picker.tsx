import bw from 'flag-icons/flags/4x3/bw.svg?url&no-inline';
import cd from 'flag-icons/flags/4x3/cd.svg?url&no-inline';
import cm from 'flag-icons/flags/4x3/cm.svg?url&no-inline';
import de from 'flag-icons/flags/4x3/de.svg?url&no-inline';
import es from 'flag-icons/flags/4x3/es.svg?url&no-inline';
import fr from 'flag-icons/flags/4x3/fr.svg?url&no-inline';
import gb from 'flag-icons/flags/4x3/gb.svg?url&no-inline';
import gh from 'flag-icons/flags/4x3/gh.svg?url&no-inline';
import ke from 'flag-icons/flags/4x3/ke.svg?url&no-inline';
import mz from 'flag-icons/flags/4x3/mz.svg?url&no-inline';
import ng from 'flag-icons/flags/4x3/ng.svg?url&no-inline';
import nl from 'flag-icons/flags/4x3/nl.svg?url&no-inline';
import rw from 'flag-icons/flags/4x3/rw.svg?url&no-inline';
import sa from 'flag-icons/flags/4x3/sa.svg?url&no-inline';
import sn from 'flag-icons/flags/4x3/sn.svg?url&no-inline';
import za from 'flag-icons/flags/4x3/za.svg?url&no-inline';
import zw from 'flag-icons/flags/4x3/zw.svg?url&no-inline';
import { useRef } from 'react';
import { useLocation } from 'react-router';
import { useI18n } from '../platform/i18n/i18n-context.tsx';
import { LOCALES, type Locale, unlocalizePath } from '../platform/i18n/locales.ts';
import { CsrfField } from '../platform/session/csrf-field.tsx';
import { useDismissableDetails } from '../ui/use-dismissable-details.ts';

/**
 * Flag files, one per country a locale names (`Record` makes a missing one a type error).
 * Files, not inlined data: they are fetched only when the picker opens, instead of riding
 * along with every page's HTML and script.
 */
const FLAGS: Record<Locale['flag'], string> = {
  BW: bw,
  CD: cd,
  CM: cm,
  DE: de,
  ES: es,
  FR: fr,
  GB: gb,
  GH: gh,
  KE: ke,
  MZ: mz,
  NG: ng,
  NL: nl,
  RW: rw,
  SA: sa,
  SN: sn,
  ZA: za,
  ZW: zw,
};

function Flag({ country }: { country: Locale['flag'] }) {
  // Decorative: the language's name beside it is the label.
  return <img className="flag" src={FLAGS[country]} alt="" width={20} height={15} loading="lazy" decoding="async" />;
}

/**
 * A plain HTML form, so switching language works before (or without) JavaScript: the server
 * remembers the choice in the locale cookie and answers with the same page in that language.
 */
export function LanguagePicker() {
  const { t, locale } = useI18n();
  const { pathname, search } = useLocation();
  const ref = useRef<HTMLDetailsElement>(null);
  useDismissableDetails(ref);
  return (
    <details ref={ref} className="language-picker">
      <summary>
        <Flag country={locale.flag} />
        <span className="visually-hidden">{t('language.label')}: </span>
        {/* Narrow headers show the code instead of the name; the name stays the accessible label. */}
        <span className="language-name">{locale.name}</span>
        <span className="language-code" aria-hidden="true">
          {locale.code}
        </span>
      </summary>
      <form method="post" action="/set-locale">
        <CsrfField />
        <input type="hidden" name="returnTo" value={`${unlocalizePath(pathname)}${search}`} />
        <ul>
          {LOCALES.map((l) => (
            <li key={l.code}>
              <button
                type="submit"
                name="locale"
                value={l.code}
                lang={l.code}
                aria-current={l.code === locale.code ? 'true' : undefined}
              >
                <Flag country={l.flag} />
                {l.name}
              </button>
            </li>
          ))}
        </ul>
      </form>
    </details>
  );
}
