import type { MediaFile } from '@malewa/media/media-file';
import type express from 'express';

type Schedule = <T>(draw: () => Promise<T>) => Promise<T>;
export class MediaBusyError extends Error {}

/**
 * At most one picture drawn at a time (drawing costs the CPU some 5–80 ms; reading a drawn
 * one costs nothing and never waits), and no more than `maxWaiting` waiting to be drawn: past
 * that a request is told to come back rather than piling up.
 */
export function drawingQueue(maxWaiting: number): Schedule {
  let tail: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  return async (draw) => {
    if (waiting >= maxWaiting) throw new MediaBusyError('Too many pictures waiting to be drawn');
    waiting += 1;
    const turn = tail.then(draw);
    tail = turn.catch(() => undefined);
    try {
      return await turn;
    } finally {
      waiting -= 1;
    }
  };
}

/**
 * `/media/…`: the catalog's pictures (packages/media). One address is always the same bytes,
 * so browsers and the offline worker keep them a year.
 */
export function mediaHandler(
  getFile: (path: string, schedule: Schedule) => Promise<MediaFile | null>,
  schedule: Schedule,
): express.RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next();
      return;
    }
    let file: MediaFile | null;
    try {
      file = await getFile(req.path.slice(1), schedule);
    } catch (error) {
      if (!(error instanceof MediaBusyError)) {
        next(error);
        return;
      }
      res.status(503).set('Retry-After', '2').type('text/plain; charset=utf-8').send('Busy drawing pictures.\n');
      return;
    }
    if (!file) {
      res.status(404).type('text/plain; charset=utf-8').send('No such picture.\n');
      return;
    }
    res.set({
      'Content-Type': file.contentType,
      'Content-Length': String(file.bytes.byteLength),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    });
    res.end(req.method === 'HEAD' ? undefined : file.bytes);
  };
}
