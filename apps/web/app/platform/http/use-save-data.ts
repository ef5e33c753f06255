import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../../root.tsx';

/** True when the shopper's browser asked for light pages (save-data.ts). */
export function useSaveData(): boolean {
  return useRouteLoaderData<typeof rootLoader>('root')?.saveData ?? false;
}
