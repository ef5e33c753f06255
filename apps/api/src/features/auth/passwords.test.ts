import { describe, expect, it } from 'vitest';
import { hashPassword, passwordProblem, verifyDummyPassword, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('hashes with argon2id (19 MiB, t=2, p=1) and verifies', async () => {
    const hash = await hashPassword('jollof and plantain');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'jollof and plantain')).toBe(true);
    expect(await verifyPassword(hash, 'jollof and plantains')).toBe(false);
    expect(await verifyPassword('not a hash', 'jollof and plantain')).toBe(false);
  });

  it('verifies many at once, each correctly, however many wait their turn', async () => {
    const hash = await hashPassword('many at once');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => verifyPassword(hash, i % 2 ? 'many at once' : 'wrong')),
    );
    expect(results).toEqual([false, true, false, true, false, true, false, true]);
  });

  it('never matches the dummy hash', async () => {
    expect(await verifyDummyPassword('anything')).toBe(false);
  });

  it.each([
    ['123456789', /too common/],
    ['Iloveyou1', /too common/],
    ['qwertyuiop', /too common/],
  ])('refuses the common password %s', (password, problem) => {
    expect(passwordProblem(password)).toMatch(problem);
  });

  it.each(['aaaaaaaa', '        ', 'abababab', 'ABCabcABC', '\t\t\t\t\t\t\t\t', '11112222333'])(
    'refuses a password of fewer than 4 different characters or only spaces (%j)',
    (password) => {
      expect(passwordProblem(password)).toMatch(/at least 4 different characters/);
    },
  );

  it('accepts 4 different characters, spaces included', () => {
    expect(passwordProblem('abcdabcd')).toBeUndefined();
    expect(passwordProblem('a b c a b c')).toBeUndefined();
  });

  it('refuses the identifier as a password, and accepts a passphrase', () => {
    expect(passwordProblem('Me@Example.com', 'me@example.com')).toMatch(/email address or phone/);
    expect(passwordProblem('three green mangoes')).toBeUndefined();
  });
});
