import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PageScriptsContext } from './page-scripts.ts';
import { ReloadWithoutScripts } from './reload-without-scripts.tsx';

const render = (scripts: boolean) =>
  renderToStaticMarkup(
    <PageScriptsContext.Provider value={scripts}>
      <ReloadWithoutScripts seconds={30} />
    </PageScriptsContext.Provider>,
  );

describe('ReloadWithoutScripts', () => {
  it('reloads only with JavaScript off where the page has scripts', () => {
    expect(render(true)).toBe('<noscript><meta http-equiv="refresh" content="30"></noscript>');
  });

  it('reloads outright on a page without scripts', () => {
    expect(render(false)).toBe('<meta http-equiv="refresh" content="30"/>');
  });
});
