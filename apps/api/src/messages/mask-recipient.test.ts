import { describe, expect, it } from 'vitest';
import { maskRecipient } from './mask-recipient.ts';

describe('maskRecipient', () => {
  it('keeps an email address’s first character and its domain', () => {
    expect(maskRecipient('email', 'thandi.mokoena@example.com')).toBe('t•••@example.com');
    expect(maskRecipient('email', 'x@gmail.com')).toBe('x•••@gmail.com');
  });

  it('keeps a phone number’s country code and last two digits, the length shown', () => {
    expect(maskRecipient('sms', '+254712345678')).toBe('+254•••••••78');
    expect(maskRecipient('sms', '+27825550101')).toBe('+278••••••01');
  });

  it('hides a text too short to keep any of it', () => {
    expect(maskRecipient('sms', '+2547')).toBe('•••••');
    expect(maskRecipient('email', 'nobody')).toBe('n•••••');
  });

  it('names a push subscription by the start of its id', () => {
    expect(maskRecipient('push', '5d1f8f7e-0a3b-4c2d-9e8f-1a2b3c4d5e6f')).toBe('5d1f8f7e…');
  });
});
