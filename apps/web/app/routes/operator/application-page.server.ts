import { ZRejectApplicationRequestSchema } from '@malewa/contracts/operator/decide-application';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { approveApplication, getApplication, rejectApplication } from '#app/features/operator/operator-api.server.ts';
import { momentOf } from '#app/features/operator/operator-format.ts';
import { REASON_WORDS, type ReasonValues } from '#app/features/operator/reason-form.server.ts';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { invalid, parseForm, refused, textOf } from '#app/platform/forms/form.server.ts';
import { uuidParam } from '#app/platform/http/uuid.ts';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { formattingTag } from '#app/platform/markets/formatting-tag.ts';
import { providerPath } from '#app/platform/navigation/catalog-paths.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';
import { clockOf, weekdayNames } from '#app/ui/week-hours.ts';

type Context = Readonly<RouterContextProvider>;

/** `/operator/applications/{id}`: everything the applicant sent, the documents, and the decision. */
export async function loadApplicationReview(url: URL, request: Request, context: Context, params: { id?: string }) {
  const id = uuidParam(params.id);
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const application = await signedInCall(url, () => getApplication(context, request, id));
  const days = weekdayNames(formattingTag(locale.iso, application.countryCode));
  return {
    application: {
      id: application.id,
      service: application.service,
      kind: application.kind,
      businessName: application.businessName,
      contactName: application.contactName,
      phone: application.phone,
      email: application.email,
      place: `${application.street}, ${application.area}, ${application.city.name}`,
      latitude: application.latitude,
      longitude: application.longitude,
      description: application.description,
      status: application.status,
      reason: application.reason,
      shopPath: application.provider ? providerPath(application.service, application.provider.slug) : null,
      documents: application.documents,
      submittedOn: momentOf(application.submittedAt, locale.iso, application.countryCode),
      decidedOn: application.decidedAt ? momentOf(application.decidedAt, locale.iso, application.countryCode) : null,
    },
    hours: application.hours.map((ranges, day) => ({
      day: days[day] ?? '',
      ranges: ranges.map(([open, close]) => `${clockOf(open)}–${clockOf(close)}`),
    })),
    title: `${t('operator.application.title', { name: application.businessName })} | ${t('site.name')}`,
  };
}

/** Approve, or reject with a reason; a decision someone else already made comes back as a 409 notice. */
export async function decideApplication(url: URL, request: Request, context: Context, params: { id?: string }) {
  const id = uuidParam(params.id);
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const form = await request.formData();
  const intent = textOf(form, 'intent');
  const values: ReasonValues = { reason: textOf(form, 'reason') };
  const here = localizePath(`/operator/applications/${id}`, locale.code);
  try {
    if (intent === 'approve') {
      const approved = await signedInCall(url, () => approveApplication(context, request, id));
      showToast(context, {
        type: 'success',
        title: t('operator.approved', { name: approved.businessName }),
        message: '',
      });
    } else if (intent === 'reject') {
      const parsed = parseForm(ZRejectApplicationRequestSchema, values, REASON_WORDS);
      if (!parsed.ok) return invalid(values, parsed.errors, { intent });
      const { reason } = parsed.request;
      const rejected = await signedInCall(url, () => rejectApplication(context, request, id, reason));
      showToast(context, {
        type: 'success',
        title: t('operator.rejected', { name: rejected.businessName }),
        message: '',
      });
    } else {
      throw data(null, { status: 400 });
    }
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      return refused(values, 'operator.error.conflict', 409, { intent });
    }
    throw error;
  }
  throw redirect(here, 303);
}
