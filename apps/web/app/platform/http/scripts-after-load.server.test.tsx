import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HELD_MODULE_TYPE, HELD_REL, scriptsAfterLoad as holdScripts } from './scripts-after-load.server.ts';

/** The rewrite of a page's bytes, read back as text. */
const scriptsAfterLoad = (html: string, options?: { startOnSlowLink?: boolean }) =>
  Buffer.concat(holdScripts(Buffer.from(html), options)).toString('utf8');

// React Router's `<Scripts>` as React 19 writes it: the preloads hoisted into the head, the
// route modules' inline module in the body (the markup the rewrite depends on).
const page = renderToString(
  <html lang="en">
    <head>
      <link rel="stylesheet" href="/assets/app.css" />
      <link
        rel="preload"
        as="fetch"
        href="/assets/messages/en/shared-d.json"
        crossOrigin="anonymous"
        data-messages=""
      />
    </head>
    <body>
      <main>Meals</main>
      <link rel="modulepreload" href="/assets/entry.client-a.js" nonce="n0nce" />
      <link rel="modulepreload" href="/assets/framework-b.js" nonce="n0nce" />
      <script nonce="n0nce">{'window.__reactRouterContext = {}'}</script>
      <script
        nonce="n0nce"
        type="module"
        async
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the router's own script, as it writes it
        dangerouslySetInnerHTML={{
          __html: 'import * as route0 from "/assets/root-c.js";import("/assets/entry.client-a.js");',
        }}
      />
    </body>
  </html>,
);

describe('scriptsAfterLoad', () => {
  it('takes the preloads out of the head and holds the route modules, their addresses beside them, and the texts', () => {
    expect(page).toContain('<link rel="modulepreload"');
    const held = scriptsAfterLoad(page);
    expect(held).not.toContain('modulepreload');
    expect(held).not.toContain('type="module"');
    expect(held).toContain(
      `<script nonce="n0nce" type="${HELD_MODULE_TYPE}" data-preload="/assets/entry.client-a.js /assets/framework-b.js">import * as route0 from "/assets/root-c.js";`,
    );
    // The page's texts, which only the scripts read, wait with them.
    expect(held).toContain(
      `<link rel="${HELD_REL}" as="fetch" href="/assets/messages/en/shared-d.json" crossorigin="anonymous" data-messages=""/>`,
    );
    expect(held).not.toContain('rel="preload"');
    // What the page shows is untouched.
    expect(held).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(held).toContain('<main>Meals</main>');
  });

  it('ends the body with the script that starts them', () => {
    const held = scriptsAfterLoad(page);
    expect(held).toMatch(
      /<script nonce="n0nce" src="[^"]*\/scripts-after-load[^"]*" defer><\/script><\/body><\/html>$/,
    );
  });

  it('says when the scripts start on a slow link too (the shopper asked for them, or the page needs them)', () => {
    expect(scriptsAfterLoad(page)).not.toContain('data-slow-link');
    expect(scriptsAfterLoad(page, { startOnSlowLink: true })).toContain(
      `type="${HELD_MODULE_TYPE}" data-preload="/assets/entry.client-a.js /assets/framework-b.js" data-slow-link="start">`,
    );
  });

  it('keeps every other byte of a long page in any script, as it was', () => {
    // Over 64 KB, and in Arabic, Amharic and with an emoji: the rewrite works on the bytes.
    const words = 'وجبات ምግብ 🍲 nyama choma · ';
    const long = page.replace('<main>Meals</main>', `<main>${words.repeat(3_000)}</main>`);
    expect(Buffer.byteLength(long)).toBeGreaterThan(64 * 1024);
    const held = scriptsAfterLoad(long);
    expect(held).toContain(`<main>${words.repeat(3_000)}</main>`);
    expect(held).toBe(scriptsAfterLoad(page).replace('<main>Meals</main>', `<main>${words.repeat(3_000)}</main>`));
  });

  it('leaves a page without scripts (a light page) as it is', () => {
    const light = renderToString(
      <html lang="en">
        <head />
        <body>
          <main>Meals</main>
        </body>
      </html>,
    );
    expect(scriptsAfterLoad(light)).toBe(light);
  });
});
