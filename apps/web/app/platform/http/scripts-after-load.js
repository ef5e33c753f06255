// Starts the scripts scripts-after-load.server.ts held, after load (decision 40). Sent as written.
(() => {
  // A slow link by the browser's reading, as light-pages.server.ts reads its client hints.
  const slowLink = () => {
    const link = navigator.connection;
    return link !== undefined && (link.saveData || /(^|-)2g$/.test(link.effectiveType) || link.downlink < 0.5);
  };
  const start = () => {
    const held = document.querySelector('script[type="text/x-after-load"]');
    if (!held) return;
    // The page stays as sent, which works without scripts: a light page (decision 39).
    if (held.dataset.slowLink !== 'start' && slowLink()) {
      document.documentElement.dataset.scripts = 'held';
      return;
    }
    for (const text of document.querySelectorAll('link[rel="x-after-load"]')) text.rel = 'preload';
    for (const href of held.dataset.preload.split(' ')) {
      document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
    }
    document.head.append(
      Object.assign(document.createElement('script'), { type: 'module', nonce: held.nonce, text: held.text }),
    );
  };
  // A hidden tab paints no frame.
  const afterPaint = () => (document.hidden ? start() : requestAnimationFrame(() => setTimeout(start)));
  // A deferred script: it runs before the load event, always.
  addEventListener('load', afterPaint, { once: true });
})();
