import { redirect } from 'react-router';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import type { Route } from './+types/operator-index';

/** `/operator`: the console opens on its queue of applications. */
export function loader({ url }: Route.LoaderArgs) {
  throw redirect(localizePath('/operator/applications', localeOfPath(url.pathname).code));
}
