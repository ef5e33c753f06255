import { data, redirect } from 'react-router';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { postOnly } from '#app/platform/http/post-only.ts';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { returnPathOf } from '#app/platform/navigation/return-to.ts';
import { signOut } from '#app/platform/session/sign-out.server.ts';
import type { Route } from './+types/sign-out';

/**
 * The user menu's Sign Out and the profile's "log out everywhere" post here (`everywhere=true`).
 * A post, never a link: a link could sign shoppers out from another site. Back to the home page
 * in the language of the page the form was on, with a notice.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const page = returnPathOf(form.get('returnTo'));
  if (page === null) throw data('returnTo must be a path on this site', { status: 400 });
  const everywhere = form.get('everywhere') === 'true';

  await signOut(context, request, everywhere);
  const locale = localeOfPath(page.pathname);
  const t = translatorFor(locale.code);
  showToast(context, {
    type: 'success',
    title: t('account.signedOut.title'),
    message: t(everywhere ? 'account.signedOut.everywhere' : 'account.signedOut.here'),
  });
  return redirect(localizePath('/', locale.code), 303);
}

/** A form target: GET (a prefetch, a pasted address, a link from another site) signs nobody out. */
export function loader() {
  return postOnly();
}
