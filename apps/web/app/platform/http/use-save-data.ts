import { useRootData } from '../root-data/root-data.ts';

/** True when the shopper's browser asked for light pages (light-pages.server.ts). */
export function useSaveData(): boolean {
  return useRootData()?.saveData ?? false;
}
