import type { Route } from './+types/social-sign-in';
import { startSocialSignIn } from './social-sign-in.server.ts';

/** `/auth/social/:provider`: starts a social sign-in (a resource route: it only redirects). */
export async function loader({ params, url, request, context }: Route.LoaderArgs) {
  return startSocialSignIn(params.provider, url, request, context);
}
