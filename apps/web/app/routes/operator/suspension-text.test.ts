import { describe, expect, it } from 'vitest';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { suspensionText } from './suspension-text.ts';

describe('suspensionText', () => {
  it('isolates the reason, whatever the page’s direction, so its full stop stays at its end', () => {
    const reason = 'انتهت صلاحية الرخصة.';
    expect(suspensionText({ on: '3 Nov 2026', reason }, translatorFor('en'))).toBe(
      `Suspended on 3 Nov 2026: \u2068${reason}\u2069`,
    );
    expect(suspensionText({ on: '3 Nov 2026', reason: 'Licence expired.' }, translatorFor('fr'))).toBe(
      'Suspendue le 3 Nov 2026 : \u2068Licence expired.\u2069',
    );
  });
});
