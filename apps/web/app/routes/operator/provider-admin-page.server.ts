import { ZSuspendProviderRequestSchema } from '@malewa/contracts/operator/providers';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { getProvider, reinstateProvider, suspendProvider } from '#app/features/operator/operator-api.server.ts';
import { momentOf } from '#app/features/operator/operator-format.ts';
import { REASON_WORDS, type ReasonValues } from '#app/features/operator/reason-form.server.ts';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { invalid, parseForm, refused, textOf } from '#app/platform/forms/form.server.ts';
import { uuidParam } from '#app/platform/http/uuid.ts';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { formattingTag } from '#app/platform/markets/formatting-tag.ts';
import { formatMoney } from '#app/platform/money/format-money.ts';
import { providerPath } from '#app/platform/navigation/catalog-paths.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';

type Context = Readonly<RouterContextProvider>;

/** `/operator/providers/{id}`: the shop, why it is suspended if it is, its latest orders, and the moves. */
export async function loadProvider(url: URL, request: Request, context: Context, params: { id?: string }) {
  const id = uuidParam(params.id);
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const provider = await signedInCall(url, () => getProvider(context, request, id));
  const tag = formattingTag(locale.iso, provider.countryCode);
  return {
    provider: {
      ...provider,
      suspension: provider.suspension
        ? { reason: provider.suspension.reason, on: momentOf(provider.suspension.at, locale.iso, provider.countryCode) }
        : null,
      storefrontPath: providerPath(provider.service, provider.slug),
      recentOrders: provider.recentOrders.map((order) => ({
        id: order.id,
        status: order.status,
        rating: order.rating,
        total: formatMoney(order.total.amount, order.total.currency, tag),
        placedAt: momentOf(order.placedAt, locale.iso, provider.countryCode),
      })),
    },
    title: `${provider.name} | ${t('operator.providers.title')} | ${t('site.name')}`,
  };
}

/** Suspend with a reason, or reinstate; a move someone else already made comes back as a 409 notice. */
export async function moveProvider(url: URL, request: Request, context: Context, params: { id?: string }) {
  const id = uuidParam(params.id);
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const form = await request.formData();
  const intent = textOf(form, 'intent');
  const values: ReasonValues = { reason: textOf(form, 'reason') };
  try {
    if (intent === 'suspend') {
      const parsed = parseForm(ZSuspendProviderRequestSchema, values, REASON_WORDS);
      if (!parsed.ok) return invalid(values, parsed.errors, { intent });
      const { reason } = parsed.request;
      const moved = await signedInCall(url, () => suspendProvider(context, request, id, reason));
      showToast(context, { type: 'success', title: t('operator.suspended', { name: moved.name }), message: '' });
    } else if (intent === 'reinstate') {
      const moved = await signedInCall(url, () => reinstateProvider(context, request, id));
      showToast(context, { type: 'success', title: t('operator.reinstated', { name: moved.name }), message: '' });
    } else {
      throw data(null, { status: 400 });
    }
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      return refused(values, 'operator.error.conflict', 409, { intent });
    }
    throw error;
  }
  throw redirect(localizePath(`/operator/providers/${id}`, locale.code), 303);
}
