import { decideSandboxPaymentEndpoint } from '@malewa/contracts/payments/decide-sandbox-payment';
import { getPaymentEndpoint } from '@malewa/contracts/payments/get-payment';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { ApiError, apiClientFor } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { isUuid } from '#app/platform/http/uuid.ts';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { pageMessageBundle, translatorFor } from '#app/platform/i18n/messages.server.ts';
import { requireSignedIn } from '#app/platform/session/session.server.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';
import { cartService } from './cart-page.server.ts';

type Context = Readonly<RouterContextProvider>;

/**
 * `/cart/{service}/payment/{id}`: a mobile-money payment waiting for the shopper's phone. Once
 * it succeeded, on to its orders' confirmation; declined or refunded, it says that nothing was
 * ordered.
 */
export async function loadPaymentPage(url: URL, request: Request, context: Context, serviceParam: string | undefined) {
  const session = requireSignedIn(context, url);
  const service = cartService(context, serviceParam);
  const id =
    url.pathname
      .replace(/\.data$/, '')
      .split('/')
      .at(-1) ?? '';
  if (!isUuid(id)) throw data(null, { status: 404 });
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const { data: payment } = await signedInCall(url, () =>
    apiClientFor(context, request, session).call(getPaymentEndpoint, { params: { id } }),
  );
  if (payment.service !== service) throw data(null, { status: 404 });
  if (payment.status === 'succeeded' && payment.checkoutId) {
    showToast(context, { type: 'success', title: t('commerce.payment.paid'), message: '' });
    throw redirect(localizePath(`/account/orders/placed/${payment.checkoutId}`, locale.code));
  }
  return {
    service,
    payment,
    messageBundles: [pageMessageBundle.commerce(locale.code)],
    title: `${t('commerce.payment.waiting.title')} | ${t('site.name')}`,
  };
}

/** The sandbox's stand-in for the phone: approve or decline, then the page shows the outcome. */
export async function decideSandboxPayment(url: URL, request: Request, context: Context) {
  const session = requireSignedIn(context, url);
  const form = await request.formData();
  const decision = form.get('decision');
  const id =
    url.pathname
      .replace(/\.data$/, '')
      .split('/')
      .at(-1) ?? '';
  if ((decision !== 'approve' && decision !== 'decline') || !isUuid(id)) throw data(null, { status: 400 });
  try {
    await signedInCall(url, () =>
      apiClientFor(context, request, session).call(decideSandboxPaymentEndpoint, {
        params: { id },
        body: { decision },
      }),
    );
  } catch (error) {
    // Decided already (another tab): the page shows how it ended.
    if (!(error instanceof ApiError && error.status === 409)) throw error;
  }
  throw redirect(`${url.pathname}${url.search}`);
}
