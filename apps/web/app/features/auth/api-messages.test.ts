import { describe, expect, it } from 'vitest';
import { authWords } from './api-messages.ts';

const { fieldOf: authFieldOfApi, messageOf: messageKeyFor } = authWords;

describe('the API’s field errors, in the pages’ words', () => {
  it('name the page’s fields', () => {
    expect(authFieldOfApi('credential.identifier')).toBe('identifier');
    expect(authFieldOfApi('credential.secret')).toBe('newPassword');
    expect(authFieldOfApi('confirmNewPassword')).toBe('confirmPassword');
    expect(authFieldOfApi('locale')).toBeUndefined();
  });

  it('tell the known cases apart', () => {
    // The API's wording (apps/api/src/features/auth/identifier.ts, passwords.ts, confirm-*.ts).
    expect(messageKeyFor('identifier', 'Add your country code to the phone number, e.g. +254 712 345 678')).toBe(
      'auth.error.identifierCountry',
    );
    expect(messageKeyFor('identifier', 'Enter an email address or a phone number, e.g. name@example.com')).toBe(
      'auth.error.identifier',
    );
    expect(
      messageKeyFor('newPassword', 'This password is too easy to guess: use at least 4 different characters'),
    ).toBe('auth.error.passwordCommon');
    expect(messageKeyFor('newPassword', 'This password is too common: choose one that is harder to guess')).toBe(
      'auth.error.passwordCommon',
    );
    expect(messageKeyFor('newPassword', 'Do not use your email address or phone number')).toBe(
      'auth.error.passwordIsIdentifier',
    );
    expect(messageKeyFor('code', 'This code is not right, or it has expired.')).toBe('auth.error.codeWrong');
    expect(messageKeyFor('code', 'This link has expired or was already used. Ask for a new code.')).toBe(
      'auth.error.linkExpired',
    );
  });

  it('fall back to the field’s own message for an unforeseen wording', () => {
    expect(messageKeyFor('newPassword', 'Something new')).toBe('auth.error.passwordLength');
    expect(messageKeyFor('surname', 'Something new')).toBe('auth.error.surname');
    expect(messageKeyFor('form', '')).toBe('auth.error.failed');
  });
});
