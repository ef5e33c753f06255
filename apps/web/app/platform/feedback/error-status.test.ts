import { UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import { errorMessageKey, statusOfError } from './error-status.ts';

describe('statusOfError', () => {
  it('reads statusCode, then status, then response.status', () => {
    expect(statusOfError({ statusCode: 403, status: 404 })).toBe(403);
    expect(statusOfError({ status: 404 })).toBe(404);
    expect(statusOfError({ response: { status: 429 } })).toBe(429);
  });

  it('reads the status of what a route throws (`throw data(null, { status: 404 })`)', () => {
    expect(statusOfError(new ErrorResponse(404, 'Not Found', null))).toBe(404);
  });

  it('is 500 for anything else, and never a success status', () => {
    expect(statusOfError(new Error('boom'))).toBe(500);
    expect(statusOfError(new TypeError('Failed to fetch'))).toBe(500);
    expect(statusOfError(undefined)).toBe(500);
    expect(statusOfError('404')).toBe(500);
    expect(statusOfError({ status: 200 })).toBe(500);
    expect(statusOfError({ status: 302 })).toBe(500);
    expect(statusOfError({ response: null })).toBe(500);
  });
});

describe('errorMessageKey', () => {
  it('says "not found" for a 404 and nothing more specific for anything else', () => {
    expect(errorMessageKey(404)).toBe('error.notFound');
    expect(errorMessageKey(500)).toBe('error.generic');
    expect(errorMessageKey(503)).toBe('error.generic');
    expect(errorMessageKey(403)).toBe('error.generic');
  });
});
