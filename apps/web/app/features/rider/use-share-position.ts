import { useEffect, useRef, useState } from 'react';
import { CSRF_HEADER } from '#app/platform/session/csrf-field.tsx';
import { createPositionQueue, type QueuedPosition, shouldSend } from './position-queue.ts';

export type SharingState =
  | { kind: 'waiting' }
  | { kind: 'sharing'; sentAt: Date | null; queued: number }
  | { kind: 'denied' }
  | { kind: 'unavailable' };

const QUEUE_KEY = 'malewa.rider.positions';

/**
 * How early the 15 s tick may find a send due. Each tick is scheduled 15 s after the last was
 * due, not after it ran: when one ran late (a busy phone) and sent, the next finds a little less
 * than 15 s gone by the wall clock and, strict, would hold a moving rider's position to the tick
 * after, 30 s late. Fixes from the phone's watch get no slack.
 */
const TICK_SLACK_MS = 500;

/**
 * How long one send may take: a request that hangs (a network gone mid-request) would otherwise
 * hold every later position back, since one send goes at a time.
 */
const SEND_TIMEOUT_MS = 20_000;

/** One position to the storefront (`routes/rider/rider-location.ts`), which passes it on with the session. */
async function send(position: QueuedPosition, csrf: string): Promise<'sent' | 'dropped' | 'kept'> {
  try {
    // A form, as every post to the storefront is (its request gate takes no JSON).
    const response = await fetch('/rider/location', {
      method: 'POST',
      headers: { [CSRF_HEADER]: csrf },
      body: new URLSearchParams({
        latitude: String(position.latitude),
        longitude: String(position.longitude),
        accuracy: String(position.accuracy),
        at: position.at,
      }),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    if (response.ok) return 'sent';
    // Refused for good (off shift, a bad position): sending it again would not help.
    return response.status >= 400 && response.status < 500 && response.status !== 429 ? 'dropped' : 'kept';
  } catch {
    return 'kept';
  }
}

/**
 * Shares the rider's position while `active` (on shift): the phone's watch, sent every 15 s on
 * the move and every minute standing still; what cannot go for want of network waits in the
 * page's storage and goes, oldest first, when the network is back. JavaScript only: the page
 * says so to a rider without it.
 */
export function useSharePosition(active: boolean, csrf: string): SharingState {
  const [state, setState] = useState<SharingState>({ kind: 'waiting' });
  // The last fix taken (sent, or queued for want of network): the cadence counts from it.
  const last = useRef<{ position: QueuedPosition; sentAt: number } | null>(null);
  const sentAt = useRef<Date | null>(null);
  const token = useRef(csrf);
  token.current = csrf;

  useEffect(() => {
    if (!active || typeof navigator === 'undefined' || !navigator.geolocation) {
      if (active) setState({ kind: 'unavailable' });
      return;
    }
    const queue = createPositionQueue(typeof localStorage === 'undefined' ? null : localStorage, QUEUE_KEY);
    let busy = false;
    const deliver = async (position: QueuedPosition | null) => {
      if (busy) {
        if (position) {
          queue.push(position);
          setState({ kind: 'sharing', sentAt: sentAt.current, queued: queue.size() });
        }
        return;
      }
      busy = true;
      try {
        if (position) queue.push(position);
        const before = queue.size();
        const queued = await queue.flush((next) => send(next, token.current));
        if (queued < before) sentAt.current = new Date();
        setState({ kind: 'sharing', sentAt: sentAt.current, queued });
      } finally {
        busy = false;
      }
    };
    // The newest fix: sent at once when it is time, else by the next tick (a phone that stops
    // moving reports nothing more, and its last fix must still go).
    let newest: QueuedPosition | null = null;
    const sendIfDue = (slackMs = 0) => {
      const fix = newest;
      if (!fix || (last.current && last.current.position.at >= fix.at)) return;
      if (!shouldSend(last.current, fix, Date.now(), slackMs)) return;
      last.current = { position: fix, sentAt: Date.now() };
      void deliver(fix);
    };
    const tick = setInterval(() => {
      sendIfDue(TICK_SLACK_MS);
      // Back on the network without an "online" event (some phones): what waits goes now.
      if (!busy && queue.size() > 0) void deliver(null);
    }, 15_000);
    const watch = navigator.geolocation.watchPosition(
      (fix) => {
        newest = {
          latitude: Math.round(fix.coords.latitude * 1e6) / 1e6,
          longitude: Math.round(fix.coords.longitude * 1e6) / 1e6,
          accuracy: Math.round(fix.coords.accuracy),
          at: new Date(fix.timestamp).toISOString(),
        };
        sendIfDue();
      },
      (failure) => {
        if (failure.code === failure.PERMISSION_DENIED) setState({ kind: 'denied' });
        // After a fix, a time-out is a rider standing still (no new fix within the minute): the
        // last fix still holds and goes on being sent, so the page keeps saying so.
        else if (!newest) setState({ kind: 'unavailable' });
      },
      // A cheap phone's GPS is slow to a first fix: take a network fix of up to 30 s old.
      { enableHighAccuracy: true, maximumAge: 30_000, timeout: 60_000 },
    );
    const online = () => void deliver(null);
    window.addEventListener('online', online);
    void deliver(null);
    return () => {
      clearInterval(tick);
      navigator.geolocation.clearWatch(watch);
      window.removeEventListener('online', online);
    };
  }, [active]);

  return state;
}
