import { createContext, use, useContext } from 'react';
import type { Messages } from './translator.ts';

/**
 * A set of messages the browser fetches as a file of its own (`/assets/messages/<locale>/
 * <name>-<hash>.json`, immutable) instead of finding it in the page's hydration data: the
 * first response of a visit carries the page, and the texts, the same for every page of a
 * language, come from the browser's cache on every page after the first
 * (docs/decisions/0019-messages-as-files.md). Loaders return bundles; components read them
 * with `useMessageBundles`.
 */
export interface MessageBundle {
  href: string;
}

type BundleMessages = Partial<Messages>;

/** Where the server finds a bundle's messages while it renders (entry.server.tsx provides it). */
export const MessageBundleSource = createContext<((href: string) => BundleMessages | undefined) | null>(null);

const LOADING = new Map<string, TrackedPromise>();
const MERGED = new Map<string, BundleMessages>();

/** A promise React's `use` reads without suspending once it has settled (its documented thenable fields). */
type TrackedPromise = Promise<BundleMessages> & {
  status?: 'pending' | 'fulfilled' | 'rejected';
  value?: BundleMessages;
  reason?: unknown;
};

function load(href: string): TrackedPromise {
  let pending = LOADING.get(href);
  if (!pending) {
    // The page's <link rel="preload"> started this request already: fetch takes its answer.
    const tracked: TrackedPromise = fetch(href, { credentials: 'same-origin' }).then(async (response) => {
      if (!response.ok) throw new Error(`The texts ${href} answered ${response.status}`);
      return (await response.json()) as BundleMessages;
    });
    tracked.status = 'pending';
    tracked.then(
      (messages) => {
        tracked.status = 'fulfilled';
        tracked.value = messages;
      },
      (reason: unknown) => {
        tracked.status = 'rejected';
        tracked.reason = reason;
        LOADING.delete(href);
      },
    );
    pending = tracked;
    LOADING.set(href, pending);
  }
  return pending;
}

/**
 * The messages of some bundles, merged (later ones win), the same object for the same bundles.
 * In the browser a bundle not yet fetched suspends the render: a navigation keeps showing the
 * page it leaves until the texts are there (a first page hydrates once they are: entry.client.tsx).
 */
export function useMessageBundles(bundles: readonly MessageBundle[]): BundleMessages {
  const source = useContext(MessageBundleSource);
  const parts = bundles.map(({ href }) => {
    if (source) {
      const messages = source(href);
      if (!messages) throw new Error(`No texts are defined at ${href}`);
      return messages;
    }
    // Always through `use`, so that a render React replays after suspending makes the same
    // calls; a settled bundle is read at once.
    return use(load(href) as Promise<BundleMessages>);
  });
  // The same object for the same bundles, on the server from request to request too: a
  // bundle's address names its content, so a merged set never goes stale.
  const key = bundles.map((bundle) => bundle.href).join(' ');
  let merged = MERGED.get(key);
  if (!merged) {
    merged = Object.assign({}, ...parts) as BundleMessages;
    MERGED.set(key, merged);
  }
  return merged;
}

/** The bundles the document preloads (root.tsx), fetched before the page hydrates (entry.client.tsx). */
export function loadPreloadedMessageBundles(): Promise<unknown> {
  const links = document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"][data-messages]');
  return Promise.all([...links].map((link) => load(link.getAttribute('href') ?? '')));
}

/** Every bundle the loader data of the matched routes names, for the document's preloads. */
export function bundlesOfData(data: unknown): MessageBundle[] {
  if (!data || typeof data !== 'object' || !('messageBundles' in data)) return [];
  const bundles = (data as { messageBundles: unknown }).messageBundles;
  return Array.isArray(bundles) ? (bundles as MessageBundle[]) : [];
}
