import { describe, expect, it } from 'vitest';
import { isArrival } from './arrival.server.ts';

function get(path: string, headers: Record<string, string>) {
  return new Request(`http://localhost:3000${path}`, { headers });
}

describe('arriving on a page', () => {
  it('is loading it, or navigating to it in the page', () => {
    expect(isArrival(get('/auth/login', { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' }))).toBe(true);
    expect(isArrival(get('/auth/login.data', { 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Dest': 'empty' }))).toBe(true);
    expect(isArrival(get('/auth/login', {}))).toBe(true);
  });

  it('is not the offline worker saving the open page, nor a prefetch', () => {
    expect(isArrival(get('/auth/login', { 'Sec-Fetch-Mode': 'same-origin', 'Sec-Fetch-Dest': 'empty' }))).toBe(false);
    expect(isArrival(get('/auth/login.data', { 'Sec-Fetch-Mode': 'cors', 'Sec-Purpose': 'prefetch' }))).toBe(false);
    expect(isArrival(get('/auth/login.data', { Purpose: 'prefetch' }))).toBe(false);
  });
});
