import { useContext } from 'react';
import { PageScriptsContext } from './page-scripts.ts';

/**
 * Reloads a waiting page every `seconds` where no script follows it live: with JavaScript off
 * (a `<noscript>`, which a browser running scripts reads as text) and on a light page, which
 * has no scripts (page-scripts.ts).
 */
export function ReloadWithoutScripts({ seconds }: { seconds: number }) {
  const refresh = `<meta http-equiv="refresh" content="${Math.round(seconds)}">`;
  if (!useContext(PageScriptsContext)) return <meta httpEquiv="refresh" content={String(Math.round(seconds))} />;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a number in a fixed string
  return <noscript dangerouslySetInnerHTML={{ __html: refresh }} />;
}
