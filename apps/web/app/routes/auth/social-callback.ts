import type { Route } from './+types/social-callback';
import { finishSocialSignIn } from './social-sign-in.server.ts';

/** `/auth/account/:provider/callback`: the provider's answer (a resource route: it only redirects). */
export async function loader({ params, url, request, context }: Route.LoaderArgs) {
  return finishSocialSignIn(params.provider, url, request, context);
}
