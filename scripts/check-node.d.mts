// Types of check-node.mjs, which stays plain JavaScript so that any Node can run it.
export function minimumOf(range: string): [number, number, number];
export function isAtLeast(version: string, minimum: readonly [number, number, number]): boolean;
export function howToInstall(platform: string, arch: string): string;
export function nodeVersionProblem(
  version: string,
  range: string,
  platform: string,
  arch: string,
  execPath?: string,
): string | null;
