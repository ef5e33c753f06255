import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@malewa/contracts/auth/fields';
import { updateAccountEndpoint } from '@malewa/contracts/auth/update-account';
import { updateMeEndpoint, ZUpdateMeRequestSchema } from '@malewa/contracts/auth/update-me';
import type { RouterContextProvider } from 'react-router';
import { ApiError, apiClientFor, problemOf } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import {
  apiFailure,
  done,
  type FieldWords,
  invalid,
  parseForm,
  refused,
  textOf,
  valuesOf,
} from '#app/platform/forms/form.server.ts';
import type { FieldErrors, FormOutcome } from '#app/platform/forms/form-outcome.ts';
import { localeOfPath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import { forgetMe } from '#app/platform/session/me.server.ts';
import { sessionOf } from '#app/platform/session/session.server.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';

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
/** What the sign-in details form keeps: the new identifier (the passwords are typed again). */
export type CredentialValues = { newIdentifier: string };

/** The details saved: `savedAt` gives the form a new key, emptied of what was typed. */
export interface ProfileSaved {
  savedAt: number;
}
export interface CredentialsSaved extends ProfileSaved {
  passwordChanged: boolean;
  pendingIdentifier: string | null;
}

/** What a submission of the profile page came to; `intent` says which of its forms it was. */
export type ProfileOutcome =
  | (FormOutcome<ProfileValues, ProfileField, ProfileSaved> & { intent: 'profile' })
  | (FormOutcome<CredentialValues, CredentialField, CredentialsSaved> & { intent: 'credentials' });

/** One message per profile field, whatever rule it broke. */
const PROFILE_WORDS: FieldWords<ProfileField> = {
  fieldOf: (path) => {
    const field = path.split('.')[0] ?? '';
    return (PROFILE_FIELDS as readonly string[]).includes(field) ? (field as ProfileField) : undefined;
  },
  messageOf: (field) => (field === 'form' ? 'account.error.failed' : `account.error.${field}`),
};

/** The API's refusals of the sign-in details, one message per field; `same` for its own identifier. */
function credentialWords(same: boolean): FieldWords<CredentialField> {
  const messages: Record<CredentialField | 'form', MessageKey> = {
    currentPassword: 'account.error.currentPasswordWrong',
    newPassword: 'account.error.passwordWeak',
    confirmNewPassword: 'account.error.confirmNewPassword',
    newIdentifier: same ? 'account.error.newIdentifierSame' : 'account.error.newIdentifier',
    form: 'account.error.failed',
  };
  return {
    fieldOf: (path) =>
      (CREDENTIAL_FIELDS as readonly string[]).includes(path) ? (path as CredentialField) : undefined,
    messageOf: (field) => messages[field],
  };
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
  return signedInCall(url, async () =>
    textOf(form, 'intent') === 'credentials'
      ? await updateCredentials(form, request, context, t)
      : await updateProfile(form, request, context, t),
  );
}

async function updateProfile(
  form: FormData,
  request: Request,
  context: Readonly<RouterContextProvider>,
  t: ReturnType<typeof translatorFor>,
) {
  const intent = 'profile';
  const values = valuesOf(form, PROFILE_FIELDS);
  const parsed = parseForm(
    ZUpdateMeRequestSchema,
    {
      name: values.name,
      surname: values.surname,
      email: values.email.trim() || null,
      phone: values.phone.trim() || null,
      gender: values.gender || null,
      bio: values.bio,
      dateOfBirth: values.dateOfBirth || null,
      avatarUrl: values.avatarUrl.trim() || null,
    },
    PROFILE_WORDS,
  );
  if (!parsed.ok) return invalid(values, parsed.errors, { intent });

  try {
    await apiClientFor(context, request, sessionOf(context)).call(updateMeEndpoint, { body: parsed.request });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw error;
    return apiFailure(error, values, 'profile: saving the profile', PROFILE_WORDS, { intent });
  }
  forgetMe(context);
  showToast(context, {
    type: 'success',
    title: t('account.profile.saved.title'),
    message: t('account.profile.saved.body'),
  });
  return done<ProfileSaved>({ savedAt: Date.now() }, { intent });
}

async function updateCredentials(
  form: FormData,
  request: Request,
  context: Readonly<RouterContextProvider>,
  t: ReturnType<typeof translatorFor>,
) {
  const intent = 'credentials';
  const currentPassword = textOf(form, 'currentPassword', { trim: false });
  const newPassword = textOf(form, 'newPassword', { trim: false });
  const confirmNewPassword = textOf(form, 'confirmNewPassword', { trim: false });
  const values: CredentialValues = { newIdentifier: textOf(form, 'newIdentifier') };
  const { newIdentifier } = values;

  const errors: FieldErrors<CredentialField> = {};
  if (newIdentifier === '' && newPassword === '') errors.form = 'account.error.nothingToChange';
  if (newPassword !== '' && newPassword.length < PASSWORD_MIN_LENGTH)
    errors.newPassword = 'account.error.passwordShort';
  if (newPassword.length > PASSWORD_MAX_LENGTH) errors.newPassword = 'account.error.passwordLong';
  if (newPassword !== '' && confirmNewPassword !== newPassword) {
    errors.confirmNewPassword = 'account.error.confirmNewPassword';
  }
  if (currentPassword === '') errors.currentPassword = 'account.error.currentPasswordMissing';
  if (Object.keys(errors).length > 0) return invalid(values, errors, { intent });

  // The new identifier, the new password and its confirmation only when each is non-empty.
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
    if (!(error instanceof ApiError) || error.status === 401) throw error;
    // An account opened through Google or Facebook has no password to change.
    if (error.status === 422) return refused(values, 'account.credentials.socialOnly', 422, { intent });
    const same = problemOf(error, updateAccountEndpoint)?.code === 'same_identifier';
    return apiFailure(error, values, 'profile: saving the sign-in details', credentialWords(same), { intent });
  }
  forgetMe(context);
  showToast(context, {
    type: 'success',
    title: t('account.credentials.saved.title'),
    message: t(result.passwordChanged ? 'account.credentials.passwordChanged' : 'account.credentials.saved.body'),
  });
  return done<CredentialsSaved>(
    { savedAt: Date.now(), passwordChanged: result.passwordChanged, pendingIdentifier: result.pendingIdentifier },
    { intent },
  );
}
