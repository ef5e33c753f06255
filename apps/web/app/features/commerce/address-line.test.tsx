import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AddressLine } from './address-line.tsx';

describe('AddressLine', () => {
  it('isolates an address as a whole, so a right-to-left page keeps its parts and numbers where they were written', () => {
    const address = { line: '12 Juta Street', area: 'Braamfontein', city: 'Johannesburg', postalCode: '2001' };
    expect(renderToString(<AddressLine address={address} />)).toBe(
      '<bdi>12 Juta Street, Braamfontein, Johannesburg 2001</bdi>',
    );
    expect(renderToString(<AddressLine address={{ ...address, area: '', postalCode: undefined }} />)).toBe(
      '<bdi>12 Juta Street, Johannesburg</bdi>',
    );
  });
});
