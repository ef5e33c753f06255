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

const LOADED = new Map<string, BundleMessages>();
const LOADING = new Map<string, Promise<BundleMessages>>();
const MERGED = new Map<string, BundleMessages>();

function load(href: string): Promise<BundleMessages> {
  let pending = LOADING.get(href);
  if (!pending) {
    // The page's <link rel="preload"> started this request already: fetch takes its answer.
    pending = fetch(href, { credentials: 'same-origin' }).then(async (response) => {
      if (!response.ok) throw new Error(`The texts ${href} answered ${response.status}`);
      const messages = (await response.json()) as BundleMessages;
      LOADED.set(href, messages);
      return messages;
    });
    pending.catch(() => LOADING.delete(href));
    LOADING.set(href, pending);
  }
  return pending;
}

/**
 * The messages of some bundles, merged (later ones win), the same object for the same bundles.
 * In the browser a bundle not yet fetched suspends the render: a navigation keeps showing the
 * page it leaves until the texts are there, and hydration waits for them.
 */
export function useMessageBundles(bundles: readonly MessageBundle[]): BundleMessages {
  const source = useContext(MessageBundleSource);
  const key = bundles.map((bundle) => bundle.href).join(' ');
  const merged = MERGED.get(key);
  if (merged && !source) return merged;
  const parts = bundles.map(({ href }) => {
    if (source) {
      const messages = source(href);
      if (!messages) throw new Error(`No texts are defined at ${href}`);
      return messages;
    }
    return LOADED.get(href) ?? use(load(href));
  });
  const result = Object.assign({}, ...parts) as BundleMessages;
  // On the server every request renders its own tree; only the browser keeps merged sets.
  if (!source) MERGED.set(key, result);
  return result;
}

/** Every bundle the loader data of the matched routes names, for the document's preloads. */
export function bundlesOfData(data: unknown): MessageBundle[] {
  if (!data || typeof data !== 'object' || !('messageBundles' in data)) return [];
  const bundles = (data as { messageBundles: unknown }).messageBundles;
  return Array.isArray(bundles) ? (bundles as MessageBundle[]) : [];
}
