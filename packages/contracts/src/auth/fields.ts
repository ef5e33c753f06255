import { z } from 'zod';
import { singleLine } from '../text.ts';

/** OWASP ASVS 2.1.1–2.1.2: 8 to 128 characters, no composition rules, spaces kept as typed. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const ZPasswordSchema = z
  .string('Enter a password')
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`);

/** What was typed as the current password: checked against the hash, so no length rule. */
export const ZCurrentPasswordSchema = z.string('Enter your password').min(1, 'Enter your password').max(1024);

/**
 * An email address or a phone number as typed. The API normalises it (email lower-cased, phone
 * to E.164, the six markets' national formats accepted) and answers a field error when it
 * is neither.
 */
export const ZIdentifierSchema = singleLine('Enter your email address or phone number')
  .trim()
  .min(3, 'Enter your email address or phone number')
  .max(254, 'Use at most 254 characters');

export const ZPersonNameSchema = singleLine().trim().min(1, 'Enter a name').max(80, 'Use at most 80 characters');
