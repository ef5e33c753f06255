import type { FieldWords } from '#app/platform/forms/form.server.ts';
import type { MessageKey } from '#app/platform/i18n/translator.ts';

/**
 * The API writes its field errors in English (docs/product/errors.md); the pages speak the
 * shopper's language. Each form field of the auth pages maps the API's message to one of ours
 * by what it is about, with a message of the field's own for anything not foreseen, so an
 * unknown wording never shows in English or not at all.
 */
export type AuthField =
  | 'identifier'
  | 'password'
  | 'newPassword'
  | 'confirmPassword'
  | 'name'
  | 'surname'
  | 'code'
  | 'token';

const FALLBACK: Record<AuthField | 'form', MessageKey> = {
  identifier: 'auth.error.identifier',
  password: 'auth.error.password',
  newPassword: 'auth.error.passwordLength',
  confirmPassword: 'auth.error.passwordsDiffer',
  name: 'auth.error.name',
  surname: 'auth.error.surname',
  code: 'auth.error.codeWrong',
  token: 'auth.error.linkExpired',
  form: 'auth.error.failed',
};

/** The API's field names (register nests the credential) as the pages name them. */
const API_FIELDS: Record<string, AuthField> = {
  identifier: 'identifier',
  'credential.identifier': 'identifier',
  email: 'identifier',
  phone: 'identifier',
  secret: 'password',
  'credential.secret': 'newPassword',
  newPassword: 'newPassword',
  confirmNewPassword: 'confirmPassword',
  name: 'name',
  surname: 'surname',
};

function authFieldOfApi(apiField: string): AuthField | undefined {
  return API_FIELDS[apiField];
}

/** Our message for what the API (or its schema, checked first on our side) said of a field. */
function messageKeyFor(field: AuthField | 'form', apiMessage: string): MessageKey {
  const said = apiMessage.toLowerCase();
  switch (field) {
    case 'identifier':
      return said.includes('country code') ? 'auth.error.identifierCountry' : FALLBACK.identifier;
    case 'newPassword':
      // Too common, or too easy to guess (too few different characters): the same advice.
      if (said.includes('common') || said.includes('guess')) return 'auth.error.passwordCommon';
      if (said.includes('email address or phone')) return 'auth.error.passwordIsIdentifier';
      return FALLBACK.newPassword;
    case 'code':
      return said.includes('link') ? 'auth.error.linkExpired' : FALLBACK.code;
    default:
      return FALLBACK[field];
  }
}

/**
 * The auth forms' words, for `parseForm`, `schemaErrors` and `apiFailure`. A page whose request
 * names its fields otherwise (`secret` is the sign-in's password) brings its own `fieldOf`.
 */
export const authWords: FieldWords<AuthField> = { fieldOf: authFieldOfApi, messageOf: messageKeyFor };
