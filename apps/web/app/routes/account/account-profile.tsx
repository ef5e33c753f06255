import { GENDERS } from '@malewa/contracts/auth/user';
import { type ReactNode, useEffect, useRef } from 'react';
import { Form, useLocation, useNavigation } from 'react-router';
import { type FormAlert, invalidFormAlert } from '#app/platform/feedback/alert.ts';
import { AlertArea } from '#app/platform/feedback/alert-area.tsx';
import { errorsOf, keptValue, keptValues } from '#app/platform/forms/form-outcome.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import type { MessageKey, Translate } from '#app/platform/i18n/translator.ts';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import { loadMe } from '#app/platform/session/me.server.ts';
import { type FieldControlProps, FormField } from '#app/ui/form-field.tsx';
import type { Route } from './+types/account-profile';
import {
  type CredentialField,
  type ProfileField,
  type ProfileOutcome,
  type ProfileValues,
  submitProfilePage,
} from './account-profile.server.ts';

/** The profile as the API has it; the layout has already checked that the shopper is signed in. */
export async function loader({ url, request, context }: Route.LoaderArgs) {
  const me = await loadMe(context, request);
  const t = translatorFor(localeOfPath(url.pathname).code);
  return {
    user: me.user,
    credential: me.credential,
    title: `${t('account.profile.title')} | ${t('site.name')}`,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitProfilePage(request, context);
}

/** A personal page: a title, and no place in a search engine. */
export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? 'Malewa' }, { name: 'robots', content: 'noindex' }];
}

/**
 * The account's index: the shopper's details (PUT /user/me), the sign-in details (a new email
 * or phone number, a new password: PUT /account/update) and signing out everywhere. Plain
 * forms: they work before JavaScript has loaded.
 */
export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const result = actionData as ProfileOutcome | undefined;
  return (
    <div className="account-page">
      <h1>{t('account.profile.title')}</h1>
      <DetailsForm user={loaderData.user} identifier={loaderData.credential?.identifier} result={result} />
      <CredentialsSection credential={loaderData.credential} result={result} />
      <EverywhereSection />
    </div>
  );
}

type ProfileUser = Route.ComponentProps['loaderData']['user'];

function valuesOf(user: ProfileUser): ProfileValues {
  return {
    name: user.name,
    surname: user.surname,
    email: user.email ?? '',
    phone: user.phone ?? '',
    gender: user.gender ?? '',
    dateOfBirth: user.dateOfBirth ?? '',
    avatarUrl: user.avatarUrl ?? '',
    bio: user.bio ?? '',
  };
}

const PROFILE_LABELS: Record<ProfileField, MessageKey> = {
  name: 'account.field.name',
  surname: 'account.field.surname',
  email: 'account.field.email',
  phone: 'account.field.phone',
  gender: 'account.field.gender',
  dateOfBirth: 'account.field.dateOfBirth',
  avatarUrl: 'account.field.avatarUrl',
  bio: 'account.field.bio',
};

const CREDENTIAL_LABELS: Record<CredentialField, MessageKey> = {
  newIdentifier: 'account.field.newIdentifier',
  newPassword: 'account.field.newPassword',
  confirmNewPassword: 'account.field.confirmNewPassword',
  currentPassword: 'account.field.currentPassword',
};

/** What a form's alert area says after a submission of it that did not go through. */
function alertOf(
  own: ProfileOutcome | undefined,
  t: Translate,
  labels: Partial<Record<string, MessageKey>>,
): FormAlert | null {
  switch (own?.status) {
    case 'invalid':
      return invalidFormAlert(t, 'account.error.summary', own.errors, labels);
    case 'refused':
      return { type: 'error', lines: [{ text: t(own.reason) }] };
    case 'rate-limited':
      return { type: 'error', lines: [{ text: t('account.error.rateLimited', { minutes: own.minutes }) }] };
    case 'failed':
      return { type: 'error', lines: [{ text: t('account.error.failed') }] };
    default:
      return null;
  }
}

/** With JavaScript, take the reader to what changed: the first wrong field, or the notice. */
function useFocusAfter(
  result: unknown,
  form: React.RefObject<HTMLElement | null>,
  notice: React.RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!result) return;
    const firstInvalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (firstInvalid ?? notice.current)?.focus();
  }, [result, form, notice]);
}

function DetailsForm({
  user,
  identifier,
  result,
}: {
  user: ProfileUser;
  identifier: string | undefined;
  result: ProfileOutcome | undefined;
}) {
  const { t } = useI18n();
  const sending = useNavigation().formData?.get('intent') === 'profile';
  const own = result?.intent === 'profile' ? result : undefined;
  const values = keptValues(own, valuesOf(user));
  const errors = errorsOf<ProfileField>(own);
  const formRef = useRef<HTMLFormElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  useFocusAfter(own, formRef, noticeRef);
  // The identifier is changed with a code, below: here it is shown, not edited.
  const signInField = identifier === undefined ? undefined : identifier.includes('@') ? 'email' : 'phone';
  const alert = alertOf(own, t, PROFILE_LABELS);

  const field = (name: ProfileField, control: (props: FieldControlProps) => ReactNode, hint?: string) => (
    <FormField id={`profile-${name}`} label={t(PROFILE_LABELS[name])} hint={hint} error={errors[name]}>
      {control}
    </FormField>
  );
  const signInHint = t('account.field.signInHint');
  return (
    <section className="account-section" aria-labelledby="profile-details-title">
      <h2 id="profile-details-title">{t('account.profile.details')}</h2>
      <div ref={noticeRef} tabIndex={-1} className="account-notices">
        {own?.status === 'done' ? (
          <p className="notice notice-success" role="status">
            {t('account.profile.saved.body')}
          </p>
        ) : null}
        <AlertArea alert={alert} source={own} />
      </div>
      <Form
        method="post"
        noValidate
        ref={formRef}
        className="account-form"
        key={own?.status === 'done' ? own.done.savedAt : 'profile'}
      >
        <CsrfField />
        <input type="hidden" name="intent" value="profile" />
        <div className="account-form-pair">
          {field('name', (props) => (
            <input
              {...props}
              name="name"
              type="text"
              autoComplete="given-name"
              maxLength={80}
              defaultValue={values.name}
            />
          ))}
          {field('surname', (props) => (
            <input
              {...props}
              name="surname"
              type="text"
              autoComplete="family-name"
              maxLength={80}
              defaultValue={values.surname}
            />
          ))}
        </div>
        {field(
          'email',
          (props) => (
            <input
              {...props}
              name="email"
              type="email"
              dir="ltr"
              inputMode="email"
              autoComplete="email"
              maxLength={254}
              readOnly={signInField === 'email'}
              defaultValue={values.email}
            />
          ),
          signInField === 'email' ? signInHint : undefined,
        )}
        {field(
          'phone',
          (props) => (
            <input
              {...props}
              name="phone"
              type="tel"
              dir="ltr"
              inputMode="tel"
              autoComplete="tel"
              maxLength={32}
              readOnly={signInField === 'phone'}
              defaultValue={values.phone}
            />
          ),
          signInField === 'phone' ? signInHint : t('account.field.phoneHint'),
        )}
        <div className="account-form-pair">
          {field('gender', (props) => (
            <select {...props} name="gender" defaultValue={values.gender}>
              <option value="">{t('account.gender.none')}</option>
              {GENDERS.map((gender) => (
                <option key={gender} value={gender}>
                  {t(`account.gender.${gender}`)}
                </option>
              ))}
            </select>
          ))}
          {field('dateOfBirth', (props) => (
            <input {...props} name="dateOfBirth" type="date" autoComplete="bday" defaultValue={values.dateOfBirth} />
          ))}
        </div>
        {field(
          'avatarUrl',
          (props) => (
            <input
              {...props}
              name="avatarUrl"
              type="url"
              dir="ltr"
              inputMode="url"
              maxLength={2048}
              placeholder="https://"
              defaultValue={values.avatarUrl}
            />
          ),
          t('account.field.avatarUrlHint'),
        )}
        {field('bio', (props) => (
          <textarea {...props} name="bio" rows={4} maxLength={500} defaultValue={values.bio} />
        ))}
        <button type="submit" className="button" disabled={sending}>
          {sending ? t('account.saving') : t('account.profile.submit')}
        </button>
      </Form>
    </section>
  );
}

function CredentialsSection({
  credential,
  result,
}: {
  credential: { identifier: string; verified: boolean } | null;
  result: ProfileOutcome | undefined;
}) {
  const { t, locale } = useI18n();
  const sending = useNavigation().formData?.get('intent') === 'credentials';
  const own = result?.intent === 'credentials' ? result : undefined;
  const errors = errorsOf<CredentialField>(own);
  const formRef = useRef<HTMLFormElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  useFocusAfter(own, formRef, noticeRef);

  const title = (
    <h2 id="credentials-title" className="account-section-title">
      {t('account.credentials.title')}
    </h2>
  );
  if (!credential) {
    return (
      <section className="account-section" aria-labelledby="credentials-title">
        {title}
        <p>{t('account.credentials.socialOnly')}</p>
      </section>
    );
  }
  const alert = alertOf(own, t, CREDENTIAL_LABELS);
  const field = (name: CredentialField, control: (props: FieldControlProps) => ReactNode, hint?: string) => (
    <FormField id={`credentials-${name}`} label={t(CREDENTIAL_LABELS[name])} hint={hint} error={errors[name]}>
      {control}
    </FormField>
  );
  const confirmPath = (identifier: string) =>
    `${localizePath('/auth/confirm-account', locale.code)}?identifier=${encodeURIComponent(identifier)}`;
  return (
    <section className="account-section" aria-labelledby="credentials-title">
      {title}
      <p className="form-intro">
        {t('account.credentials.intro', { identifier: credential.identifier })} {t('account.credentials.sessionsNote')}
      </p>
      <div ref={noticeRef} tabIndex={-1} className="account-notices">
        {own?.status === 'done' ? (
          <div className="notice notice-success" role="status">
            {own.done.passwordChanged ? <p>{t('account.credentials.passwordChanged')}</p> : null}
            {own.done.pendingIdentifier ? (
              <p>
                {t('account.credentials.pending', {
                  identifier: own.done.pendingIdentifier,
                  current: credential.identifier,
                })}{' '}
                <a href={confirmPath(own.done.pendingIdentifier)}>{t('account.credentials.enterCode')}</a>
              </p>
            ) : null}
          </div>
        ) : null}
        <AlertArea alert={alert} source={own} />
      </div>
      <Form
        method="post"
        noValidate
        ref={formRef}
        className="account-form"
        key={own?.status === 'done' ? own.done.savedAt : 'credentials'}
      >
        <CsrfField />
        <input type="hidden" name="intent" value="credentials" />
        {field(
          'newIdentifier',
          (props) => (
            <input
              {...props}
              name="newIdentifier"
              type="text"
              dir="ltr"
              autoComplete="username"
              maxLength={254}
              defaultValue={keptValue(own, 'newIdentifier')}
            />
          ),
          t('account.field.newIdentifierHint'),
        )}
        {field(
          'newPassword',
          (props) => (
            <input {...props} name="newPassword" type="password" autoComplete="new-password" maxLength={128} />
          ),
          t('account.field.newPasswordHint'),
        )}
        {field('confirmNewPassword', (props) => (
          <input {...props} name="confirmNewPassword" type="password" autoComplete="new-password" maxLength={128} />
        ))}
        {field(
          'currentPassword',
          (props) => (
            <input {...props} name="currentPassword" type="password" autoComplete="current-password" maxLength={1024} />
          ),
          t('account.field.currentPasswordHint'),
        )}
        <button type="submit" className="button" disabled={sending}>
          {sending ? t('account.saving') : t('account.credentials.submit')}
        </button>
      </Form>
    </section>
  );
}

/** "Log out everywhere": every session of the account ends, this one too (POST /sign-out). */
function EverywhereSection() {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  return (
    <section className="account-section" aria-labelledby="everywhere-title">
      <h2 id="everywhere-title">{t('account.everywhere.title')}</h2>
      <p className="form-intro">{t('account.everywhere.body')}</p>
      <Form method="post" action="/sign-out">
        <CsrfField />
        <input type="hidden" name="returnTo" value={`${pathname}${search}`} />
        <input type="hidden" name="everywhere" value="true" />
        <button type="submit" className="button button-secondary">
          {t('account.everywhere.submit')}
        </button>
      </Form>
    </section>
  );
}
