import * as confirmation from '@malewa/contracts/auth/confirm-verification';
import * as fields from '@malewa/contracts/auth/fields';
import { describe, expect, it } from 'vitest';
import { CODE_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-rules.ts';

describe('the pages’ copy of the API’s rules', () => {
  it('matches the contract', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(fields.PASSWORD_MIN_LENGTH);
    expect(PASSWORD_MAX_LENGTH).toBe(fields.PASSWORD_MAX_LENGTH);
    expect(CODE_LENGTH).toBe(confirmation.VERIFICATION_CODE_LENGTH);
  });
});
