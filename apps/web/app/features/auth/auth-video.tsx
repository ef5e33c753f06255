import { useEffect, useRef } from 'react';
import { type NetworkState, prefetchAllowed } from '#app/platform/navigation/prefetch-mode.ts';

/**
 * The auth layout's loop (on desktop a half-width looping muted video beside the form:
 * docs/product/accounts.md, auth pages), made by `npm run video` from the project's own
 * artwork. The server renders an empty <video>: its sources (and poster) are added by this
 * effect only on a wide screen, on a connection that is not 2G, offline or in data-saver mode
 * (the policy of link prefetching: docs/product/pages.md, prefetch policy), so a phone never
 * downloads a byte of it. A shopper who asked for less motion gets the still poster. It says
 * nothing the page does not: hidden from assistive technology.
 */
export const AUTH_VIDEO = {
  webm: '/media/auth-loop.webm',
  mp4: '/media/auth-loop.mp4',
  poster: '/media/auth-loop.jpg',
} as const;

/** As the stylesheet shows the video column (auth.css). */
const WIDE = '(min-width: 64rem)';
const LESS_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether this browser should fetch the video at all. */
export function videoAllowed(wide: boolean, network: NetworkState): boolean {
  return wide && prefetchAllowed(network);
}

export function AuthVideo() {
  const ref = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const wide = window.matchMedia(WIDE);
    const still = window.matchMedia(LESS_MOTION);
    const loaded = () => video.dataset.loaded === 'true';
    const playOrPause = () => {
      if (!loaded()) return;
      if (still.matches || !wide.matches) video.pause();
      else video.play().catch(() => undefined);
    };
    const load = () => {
      if (loaded()) return playOrPause();
      // Said on the element either way, so that what decided is seen (a test waits for it).
      if (!videoAllowed(wide.matches, navigator as unknown as NetworkState)) {
        video.dataset.loaded = 'false';
        return;
      }
      video.dataset.loaded = 'true';
      video.muted = true;
      video.poster = AUTH_VIDEO.poster;
      for (const [src, type] of [
        [AUTH_VIDEO.webm, 'video/webm; codecs=vp9'],
        [AUTH_VIDEO.mp4, 'video/mp4'],
      ] as const) {
        const source = document.createElement('source');
        source.src = src;
        source.type = type;
        video.append(source);
      }
      video.load();
      playOrPause();
    };
    load();
    wide.addEventListener('change', load);
    still.addEventListener('change', playOrPause);
    return () => {
      wide.removeEventListener('change', load);
      still.removeEventListener('change', playOrPause);
    };
  }, []);

  return (
    <div className="auth-media" aria-hidden="true">
      <video ref={ref} className="auth-video" muted loop playsInline preload="auto" tabIndex={-1} />
    </div>
  );
}
