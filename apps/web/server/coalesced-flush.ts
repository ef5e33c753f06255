import type { RequestHandler } from 'express';

/**
 * Makes `res.flush()` (added by the compression middleware) flush once per turn of the event
 * loop instead of at every call. React Router writes a streamed page chunk by chunk and flushes
 * after each, and every brotli flush closes a block and costs bytes: about 0.5 KB on a 45 KB
 * page whose chunks all come out at once (docs/performance.md). Chunks written in the same
 * turn now share one flush; a chunk that comes later (a deferred part of a page) is still
 * flushed as soon as it is written, so streaming keeps its point.
 */
export function coalescedFlush(): RequestHandler {
  return (_req, res, next) => {
    const flush = (res as { flush?: () => void }).flush;
    if (typeof flush === 'function') {
      let scheduled = false;
      (res as { flush: () => void }).flush = () => {
        if (scheduled) return;
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          if (!res.writableEnded) flush.call(res);
        });
      };
    }
    next();
  };
}
