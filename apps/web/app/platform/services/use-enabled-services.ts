import { useRootData } from '../root-data/root-data.ts';
import type { ServiceId } from './services.ts';

/**
 * The services this storefront offers, from the root loader's public configuration. Empty when
 * the root loader has no data (its own error), so nothing links to a service then.
 */
export function useEnabledServices(): readonly ServiceId[] {
  return useRootData()?.config.enabledServices ?? [];
}
