import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@malewa/contracts/auth/fields';
import { updateAccountEndpoint } from '@malewa/contracts/auth/update-account';
import { updateMeEndpoint, ZUpdateMeRequestSchema } from '@malewa/contracts/auth/update-me';
import { data, type RouterContextProvider } from 'react-router';
import { ApiError, apiClientFor, problemOf } from '../../platform/api-client/api-client.server.ts';
import { notify } from '../../platform/feedback/notification.server.ts';
import { localeOfPath } from '../../platform/i18n/locales.ts';
import { translatorFor } from '../../platform/i18n/messages.server.ts';
import type { MessageKey } from '../../platform/i18n/translator.ts';
import { forgetMe } from '../../platform/session/me.server.ts';
import { sessionOf } from '../../platform/session/session.server.ts';
import { signedInCall } from '../../platform/session/signed-in-call.server.ts';

export const PROFILE_FIELDS = [
  'name',
  'surname',
  'email',
  'phone',
  'gender',
  'dateOfBirth',
  'avatarUrl',
  'bio',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileValues = Record<ProfileField, string>;

export const CREDENTIAL_FIELDS = ['newIdentifier', 'newPassword', 'confirmNewPassword', 'currentPassword'] as const;
export type CredentialField = (typeof CREDENTIAL_FIELDS)[number];

export type FieldErrors<F extends string> = Partial<Record<F | 'form', MessageKey>>;

/** What a submission of the profile page came to; `intent` says which of its forms it was. */
export type ProfileOutcome =
  | { intent: 'profile'; status: 'saved'; savedAt: number }
  | { intent: 'profile'; status: 'invalid'; values: ProfileValues; errors: FieldErrors<ProfileField> }
  | { intent: 'profile'; status: 'failed'; values: ProfileValues }
  | {
      intent: 'credentials';
      status: 'saved';
      savedAt: number;
      passwordChanged: boolean;
      pendingIdentifier: string | null;
    }
  | { intent: 'credentials'; status: 'invalid'; newIdentifier: string; errors: FieldErrors<CredentialField> }
  | { intent: 'credentials'; status: 'rate-limited'; newIdentifier: string; minutes: number }
  | { intent: 'credentials'; status: 'failed'; newIdentifier: string; reason: MessageKey };

const text = (form: FormData, field: string) => {
  const value = form.get(field);
  return typeof value === 'string' ? value : '';
};

/** Field errors of the API (DESIGN §4: `{ field: [messages] }`), by field name. */
function apiFieldErrors(error: ApiError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.errors)) {
    if (Array.isArray(messages)) fields[field] = String(messages[0] ?? '');
  }
  return fields;
}

/**
 * The profile page's actions. `intent=profile` replaces the user's fields (PUT /user/me);
 * `intent=credentials` changes the sign-in identifier and/or the password (PUT
 * /account/update). Each is checked here first with the API's own rules, so a mistake shows at
 * once beside its field with what was typed kept (passwords excepted: they are never sent back).
 */
export async function submitProfilePage(request: Request, context: Readonly<RouterContextProvider>) {
  const form = await request.formData();
  const url = new URL(request.url);
  const t = translatorFor(localeOfPath(url.pathname).code);
  // The session ended meanwhile (automatic logout): sign in again, then come back.
  return signedInCall(url, () =>
    text(form, 'intent') === 'credentials'
      ? updateCredentials(form, request, context, t)
      : updateProfile(form, request, context, t),
  );
}

async function updateProfile(
  form: FormData,
  request: Request,
  context: Readonly<RouterContextProvider>,
  t: ReturnType<typeof translatorFor>,
) {
  const values = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, text(form, field)])) as ProfileValues;
  const parsed = ZUpdateMeRequestSchema.safeParse({
    name: values.name,
    surname: values.surname,
    email: values.email.trim() || null,
    phone: values.phone.trim() || null,
    gender: values.gender || null,
    bio: values.bio,
    dateOfBirth: values.dateOfBirth || null,
    avatarUrl: values.avatarUrl.trim() || null,
  });
  const invalid = (fields: Iterable<string>) => {
    const errors: FieldErrors<ProfileField> = {};
    for (const field of fields) {
      if ((PROFILE_FIELDS as readonly string[]).includes(field)) {
        errors[field as ProfileField] = `account.error.${field as ProfileField}`;
      }
    }
    if (Object.keys(errors).length === 0) errors.form = 'account.error.failed';
    return data<ProfileOutcome>({ intent: 'profile', status: 'invalid', values, errors }, { status: 400 });
  };
  if (!parsed.success) return invalid(parsed.error.issues.map((issue) => String(issue.path[0] ?? 'form')));

  try {
    await apiClientFor(context, request, sessionOf(context)).call(updateMeEndpoint, { body: parsed.data });
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return invalid(Object.keys(apiFieldErrors(error)));
    if (error instanceof ApiError && error.status === 401) throw error;
    console.error('profile: the profile could not be saved', error);
    return data<ProfileOutcome>({ intent: 'profile', status: 'failed', values }, { status: 503 });
  }
  forgetMe(context);
  notify(context, {
    type: 'success',
    title: t('account.profile.saved.title'),
    message: t('account.profile.saved.body'),
  });
  return data<ProfileOutcome>({ intent: 'profile', status: 'saved', savedAt: Date.now() });
}

async function updateCredentials(
  form: FormData,
  request: Request,
  context: Readonly<RouterContextProvider>,
  t: ReturnType<typeof translatorFor>,
) {
  const currentPassword = text(form, 'currentPassword');
  const newIdentifier = text(form, 'newIdentifier').trim();
  const newPassword = text(form, 'newPassword');
  const confirmNewPassword = text(form, 'confirmNewPassword');
  const invalid = (errors: FieldErrors<CredentialField>) =>
    data<ProfileOutcome>({ intent: 'credentials', status: 'invalid', newIdentifier, errors }, { status: 400 });

  const errors: FieldErrors<CredentialField> = {};
  if (newIdentifier === '' && newPassword === '') errors.form = 'account.error.nothingToChange';
  if (newPassword !== '' && newPassword.length < PASSWORD_MIN_LENGTH)
    errors.newPassword = 'account.error.passwordShort';
  if (newPassword.length > PASSWORD_MAX_LENGTH) errors.newPassword = 'account.error.passwordLong';
  if (newPassword !== '' && confirmNewPassword !== newPassword) {
    errors.confirmNewPassword = 'account.error.confirmNewPassword';
  }
  if (currentPassword === '') errors.currentPassword = 'account.error.currentPasswordMissing';
  if (Object.keys(errors).length > 0) return invalid(errors);

  // Spec §5: the new identifier, the new password and its confirmation only when each is non-empty.
  const body = {
    currentPassword,
    ...(newIdentifier !== '' ? { newIdentifier } : {}),
    ...(newPassword !== '' ? { newPassword } : {}),
    ...(confirmNewPassword !== '' ? { confirmNewPassword } : {}),
  };
  let result: { passwordChanged: boolean; pendingIdentifier: string | null };
  try {
    const response = await apiClientFor(context, request, sessionOf(context)).call(updateAccountEndpoint, { body });
    result = response.data;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 401) throw error;
    if (error.status === 400) {
      const fields = apiFieldErrors(error);
      const found: FieldErrors<CredentialField> = {};
      if ('currentPassword' in fields) found.currentPassword = 'account.error.currentPasswordWrong';
      if ('newPassword' in fields) found.newPassword = 'account.error.passwordWeak';
      if ('confirmNewPassword' in fields) found.confirmNewPassword = 'account.error.confirmNewPassword';
      if ('newIdentifier' in fields) {
        found.newIdentifier =
          problemOf(error, updateAccountEndpoint)?.code === 'same_identifier'
            ? 'account.error.newIdentifierSame'
            : 'account.error.newIdentifier';
      }
      if (Object.keys(found).length === 0) found.form = 'account.error.failed';
      return invalid(found);
    }
    if (error.status === 429) {
      return data<ProfileOutcome>(
        { intent: 'credentials', status: 'rate-limited', newIdentifier, minutes: error.retryAfterMinutes },
        { status: 429 },
      );
    }
    // 422: an account opened through Google or Facebook has no password to change.
    const reason: MessageKey = error.status === 422 ? 'account.credentials.socialOnly' : 'account.error.failed';
    if (error.status !== 422) console.error('profile: the sign-in details could not be saved', error);
    return data<ProfileOutcome>(
      { intent: 'credentials', status: 'failed', newIdentifier, reason },
      { status: error.status === 422 ? 422 : 503 },
    );
  }
  forgetMe(context);
  notify(context, {
    type: 'success',
    title: t('account.credentials.saved.title'),
    message: t(result.passwordChanged ? 'account.credentials.passwordChanged' : 'account.credentials.saved.body'),
  });
  return data<ProfileOutcome>({
    intent: 'credentials',
    status: 'saved',
    savedAt: Date.now(),
    passwordChanged: result.passwordChanged,
    pendingIdentifier: result.pendingIdentifier,
  });
}
