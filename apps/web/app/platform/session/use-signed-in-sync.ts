import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';
import { isStaleAfter, SESSION_CHANNEL, type SignedInMessage } from './signed-in-sync.ts';
import { useSignedIn } from './use-account.ts';

/** Keeps this tab's signed-in state in step with the browser's other tabs (signed-in-sync.ts). */
export function useSignedInSync(): void {
  const signedIn = useSignedIn();
  const { revalidate } = useRevalidator();
  const channel = useRef<BroadcastChannel | null>(null);
  const latest = useRef(signedIn);
  latest.current = signedIn;

  useEffect(() => {
    // Old browsers without BroadcastChannel keep the staleness refresh (feedback/) alone.
    if (typeof BroadcastChannel !== 'function') return;
    const own = new BroadcastChannel(SESSION_CHANNEL);
    own.onmessage = (event: MessageEvent) => {
      if (isStaleAfter(event.data, latest.current)) void revalidate();
    };
    channel.current = own;
    return () => {
      own.close();
      channel.current = null;
    };
  }, [revalidate]);

  // On load too: a sign-in that ended in a full page load (a social provider's redirect, a form
  // sent without JavaScript) is a change the other tabs have not seen.
  useEffect(() => {
    channel.current?.postMessage({ signedIn } satisfies SignedInMessage);
  }, [signedIn]);
}
