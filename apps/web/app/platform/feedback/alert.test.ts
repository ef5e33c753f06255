import { describe, expect, it } from 'vitest';
import type { MessageKey, Translate } from '../i18n/translator.ts';
import { alertLines, invalidFormAlert, isRequestSetupFailure, networkErrorAlert } from './alert.ts';

describe('alertLines (the error alert)', () => {
  it('shows a single message when the error has one, whatever else it holds', () => {
    expect(alertLines({ message: 'Too many requests', email: ['Taken'] })).toEqual([{ text: 'Too many requests' }]);
  });

  it('lists each field with its messages joined', () => {
    const labels: Record<string, string> = { email: 'Email address', name: 'Your name' };
    expect(
      alertLines(
        { name: ['Too short.'], email: ['Not an address.', 'Already used.'] },
        (field) => labels[field] ?? field,
      ),
    ).toEqual([
      { field: 'name', text: 'Your name: Too short.' },
      { field: 'email', text: 'Email address: Not an address. Already used.' },
    ]);
  });

  it('takes a bare string for a field, joins with the separator asked for, and skips empty fields', () => {
    expect(alertLines({ phone: 'Too short', topic: [], code: ['a', 'b'] }, undefined, ', ')).toEqual([
      { field: 'phone', text: 'phone: Too short' },
      { field: 'code', text: 'code: a, b' },
    ]);
  });

  it('does not take an empty message for one', () => {
    expect(alertLines({ message: ' ', name: ['Required'] })).toEqual([{ field: 'name', text: 'name: Required' }]);
  });
});

describe('isRequestSetupFailure', () => {
  it('is a fetch that never reached the server', async () => {
    const failure = await fetch('http://127.0.0.1:1/').catch((error: unknown) => error);
    expect(isRequestSetupFailure(failure)).toBe(true);
  });

  it('is not a cancelled request or an error the server answered with', async () => {
    const controller = new AbortController();
    controller.abort();
    const aborted = await fetch('http://127.0.0.1:1/', { signal: controller.signal }).catch((error: unknown) => error);
    expect(isRequestSetupFailure(aborted)).toBe(false);
    expect(isRequestSetupFailure(new Error('Internal'))).toBe(false);
    expect(isRequestSetupFailure({ status: 500 })).toBe(false);
  });
});

describe('invalidFormAlert', () => {
  const t = ((key: string) => `<${key}>`) as Translate;

  it('puts the general message first, then each field with its label', () => {
    const errors = { form: 'contact.error.locale', email: 'contact.error.email' } as Record<string, MessageKey>;
    expect(invalidFormAlert(t, 'contact.error.summary', errors, { email: 'contact.field.email' })).toEqual({
      type: 'error',
      title: '<contact.error.summary>',
      lines: [
        { text: '<contact.error.locale>' },
        { field: 'email', text: '<contact.field.email>: <contact.error.email>' },
      ],
    });
  });

  it('names a field without a label by its name', () => {
    const alert = invalidFormAlert(t, 'contact.error.summary', { code: 'contact.error.email' }, {});
    expect(alert.lines).toEqual([{ field: 'code', text: 'code: <contact.error.email>' }]);
  });
});

describe('networkErrorAlert', () => {
  it('is the transient request-setup failure', () => {
    const t = ((key: string) => key) as Translate;
    expect(networkErrorAlert(t)).toEqual({
      type: 'error',
      title: 'feedback.network.title',
      lines: [{ text: 'feedback.network.message' }],
      transient: true,
    });
  });
});
