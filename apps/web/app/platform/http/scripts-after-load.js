// Starts the scripts scripts-after-load.server.ts held, after load (decision 40). Sent as written.
(() => {
  const start = () => {
    const held = document.querySelector('script[type="text/x-after-load"]');
    if (!held || held.dataset.started) return;
    held.dataset.started = 'true';
    for (const link of document.querySelectorAll('link[rel="x-after-load"]')) link.rel = 'preload';
    for (const href of held.dataset.preload.split(' ')) {
      document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
    }
    document.head.append(
      Object.assign(document.createElement('script'), { type: 'module', nonce: held.nonce, text: held.text }),
    );
  };
  // A hidden tab paints no frame.
  const afterPaint = () => (document.hidden ? start() : requestAnimationFrame(() => setTimeout(start)));
  if (document.readyState === 'complete') afterPaint();
  else addEventListener('load', afterPaint, { once: true });
})();
