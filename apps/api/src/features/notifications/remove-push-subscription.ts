import type { Principal } from '#api/plugins/access-control.ts';
import type { PushRepository } from './push-repository.ts';

/** This browser stops receiving the user's notices; another account's subscription stays as it is. */
export async function removePushSubscription(
  deps: { push: Pick<PushRepository, 'unsubscribe'> },
  principal: Principal,
  endpoint: string,
): Promise<{ removed: boolean }> {
  return { removed: await deps.push.unsubscribe(principal.userId, endpoint) };
}
