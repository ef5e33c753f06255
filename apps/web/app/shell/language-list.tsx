import { useI18n } from '../platform/i18n/i18n-context.tsx';
import { LOCALES } from '../platform/i18n/locales.ts';
import { CsrfField } from '../platform/session/csrf-field.tsx';
import { Flag } from './flag.tsx';

/**
 * A plain HTML form, so switching language works before (or without) JavaScript: the server
 * remembers the choice in the locale cookie and answers with the same page in that language.
 */
export function LanguageList({ returnTo }: { returnTo: string }) {
  const { locale } = useI18n();
  return (
    <form method="post" action="/set-locale" className="language-list">
      <CsrfField />
      <input type="hidden" name="returnTo" value={returnTo} />
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
  );
}
