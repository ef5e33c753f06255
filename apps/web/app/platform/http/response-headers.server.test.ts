import { describe, expect, it } from 'vitest';
import { withHeaders } from './response-headers.server.ts';

describe('withHeaders', () => {
  it('changes a response in place', () => {
    const response = new Response('ok');
    const changed = withHeaders(response, (headers) => headers.append('Set-Cookie', 'a=1'));
    expect(changed).toBe(response);
    expect(changed.headers.get('Set-Cookie')).toBe('a=1');
  });

  it('copies a response whose headers are immutable (Response.redirect)', () => {
    const response = Response.redirect('http://localhost/x', 303);
    const changed = withHeaders(response, (headers) => headers.append('Set-Cookie', 'a=1'));
    expect(changed.status).toBe(303);
    expect(changed.headers.get('Location')).toBe('http://localhost/x');
    expect(changed.headers.get('Set-Cookie')).toBe('a=1');
  });
});
