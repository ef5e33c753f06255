import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';

/**
 * Keeps a shop's order board live: the board's own EventSource on the storefront's
 * pass-through (routes/provider/shop-events.ts), which reconnects by itself with the last
 * event's id. Any move reloads the board's data, so an order accepted on one phone shows as
 * accepted on the counter's tablet at once; a new order also rings (two short tones, and a
 * buzz where the phone can) and is announced. Returns how many have rung since the page opened.
 */
export function useLiveBoard(shopId: string): number {
  const { revalidate } = useRevalidator();
  const reload = useRef(revalidate);
  reload.current = revalidate;
  const [rung, setRung] = useState(0);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`/provider/orders/events?shop=${shopId}`);
    let pending: ReturnType<typeof setTimeout> | undefined;
    source.addEventListener('order', (event) => {
      const { status } = JSON.parse((event as MessageEvent<string>).data) as { status: string };
      if (status === 'placed') {
        ring();
        setRung((count) => count + 1);
      }
      // Several moves at once (a checkout of two carts) reload the board once.
      clearTimeout(pending);
      pending = setTimeout(() => void reload.current(), 150);
    });
    // A chat message or a delivery step (a rider took an order): the board reads again.
    source.addEventListener('activity', () => {
      clearTimeout(pending);
      pending = setTimeout(() => void reload.current(), 150);
    });
    return () => {
      clearTimeout(pending);
      source.close();
    };
  }, [shopId]);

  return rung;
}

let audio: AudioContext | undefined;

/** Two short tones; a browser that has not been touched yet may stay silent, and the banner still shows. */
function ring(): void {
  try {
    audio ??= new AudioContext();
    const start = audio.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.25, 1175],
    ] as const) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.3, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.2);
      tone.connect(gain).connect(audio.destination);
      tone.start(start + offset);
      tone.stop(start + offset + 0.22);
    }
  } catch {
    // No sound here: the banner and the list say it.
  }
  navigator.vibrate?.([200, 100, 200]);
}
