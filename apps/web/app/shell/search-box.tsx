import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useI18n } from '../platform/i18n/i18n-context.tsx';
import { localizePath } from '../platform/i18n/locales.ts';

interface Suggestion {
  text: string;
  lang: string;
  kind: 'provider' | 'item';
  href: string;
}

/**
 * The header's search box (docs/product/catalog.md, search): a GET form to the search page, so
 * it works without JavaScript. With it, the box is an ARIA 1.2 combobox: suggestions from
 * `/search-suggest` as the shopper types (after a short pause, the previous request cancelled),
 * arrow keys move through them, Enter opens the one chosen, Escape closes the list.
 */
export function SearchBox() {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const listId = useId();
  const [query, setQuery] = useState('');
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const request = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // Hydration leaves the box as it is, but the next render would write the empty state over
    // what a shopper on a slow phone typed before the scripts arrived: take it in first.
    const typed = input.current?.value ?? '';
    if (typed === '') return;
    setQuery(typed);
    setOpen(document.activeElement === input.current);
  }, []);

  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) {
      setSuggestions([]);
      return;
    }
    const timer = setTimeout(() => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      fetch(`${localizePath('/search-suggest', locale.code)}?q=${encodeURIComponent(q)}`, { signal: controller.signal })
        .then((response) => (response.ok ? response.json() : { suggestions: [] }))
        .then((body: { suggestions: Suggestion[] }) => {
          setSuggestions(body.suggestions);
          setActive(-1);
          setOpen(body.suggestions.length > 0);
        })
        // Aborted by the next keystroke, or offline: the form still searches on Enter.
        .catch(() => {});
    }, 150);
    return () => clearTimeout(timer);
  }, [query, locale.code]);

  const expanded = open && suggestions.length > 0;
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not yet in React's element types; the role says the same.
    <form
      method="get"
      action={localizePath('/search', locale.code)}
      role="search"
      aria-label={t('shell.search.label')}
      className="search-box"
    >
      <label htmlFor={`${listId}-input`} className="visually-hidden">
        {t('shell.search.label')}
      </label>
      <input
        ref={input}
        id={`${listId}-input`}
        type="search"
        name="q"
        maxLength={200}
        autoComplete="off"
        placeholder={t('shell.search.placeholder')}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && suggestions.length > 0) {
            event.preventDefault();
            setOpen(true);
            setActive((index) => (index + 1) % suggestions.length);
          } else if (event.key === 'ArrowUp' && suggestions.length > 0) {
            event.preventDefault();
            setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
          } else if (event.key === 'Escape') {
            setOpen(false);
            setActive(-1);
          } else if (event.key === 'Enter' && expanded && active >= 0) {
            const chosen = suggestions[active];
            if (chosen) {
              event.preventDefault();
              setOpen(false);
              navigate(chosen.href);
            }
          }
        }}
      />
      <button type="submit">{t('shell.search.submit')}</button>
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern: a list of options the input controls. */}
      <ul id={listId} role="listbox" aria-label={t('shell.search.suggestions')} hidden={!expanded}>
        {suggestions.map((suggestion, index) => (
          // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the input (aria-activedescendant), as the combobox pattern asks.
          <li
            key={suggestion.href}
            id={`${listId}-${index}`}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the combobox pattern's options, reached with the arrow keys from the input.
            role="option"
            aria-selected={index === active}
            lang={suggestion.lang}
            onMouseDown={(event) => {
              // Before the input's blur closes the list.
              event.preventDefault();
              setOpen(false);
              navigate(suggestion.href);
            }}
          >
            {suggestion.text}
          </li>
        ))}
      </ul>
    </form>
  );
}
