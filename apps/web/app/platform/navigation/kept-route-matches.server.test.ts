import { createStaticHandler } from 'react-router';
import { describe, expect, it } from 'vitest';
import { keepingMatches, type Match } from './kept-route-matches.server.ts';

const routes = [
  {
    id: 'root',
    path: '',
    children: [
      {
        id: 'locale',
        path: ':lang?',
        children: [
          { id: 'home', index: true },
          { id: 'food', path: 'food', children: [{ id: 'meals', path: 'meals' }] },
        ],
      },
    ],
  },
];

/** React Router's own matcher over a small table, counting what it is asked. */
function countingMatcher(): { match: Match; asked: string[] } {
  const handler = createStaticHandler(routes);
  const asked: string[] = [];
  const match: Match = (location) => {
    asked.push(typeof location === 'string' ? location : JSON.stringify(location));
    return handler.match(location);
  };
  return { match, asked };
}

const ids = (matches: ReturnType<Match>) => matches?.map((m) => m.route.id) ?? null;

describe('keepingMatches', () => {
  it("answers as React Router's matcher does, asking it once per path for the life of its table", () => {
    const { match, asked } = countingMatcher();
    for (let request = 0; request < 3; request += 1) {
      const kept = keepingMatches(match);
      expect(ids(kept('/'))).toEqual(['root', 'locale', 'home']);
      expect(ids(kept('/food'))).toEqual(['root', 'locale', 'food']);
      expect(ids(kept('/fr/food/meals'))).toEqual(['root', 'locale', 'food', 'meals']);
      expect(kept('/fr/food/meals')?.at(1)?.params).toEqual({ lang: 'fr' });
      expect(kept('/no/such/page/here')).toBeNull();
    }
    expect(asked).toEqual(['/', '/food', '/fr/food/meals', '/no/such/page/here']);
  });

  it('keeps each route table apart, and does not keep locations given as objects', () => {
    const first = countingMatcher();
    const second = countingMatcher();
    keepingMatches(first.match)('/food');
    keepingMatches(second.match)('/food');
    expect(first.asked).toEqual(['/food']);
    expect(second.asked).toEqual(['/food']);
    const kept = keepingMatches(first.match);
    expect(ids(kept({ pathname: '/food' }))).toEqual(['root', 'locale', 'food']);
    expect(ids(kept({ pathname: '/food' }))).toEqual(['root', 'locale', 'food']);
    expect(first.asked).toEqual(['/food', '{"pathname":"/food"}', '{"pathname":"/food"}']);
  });
});
