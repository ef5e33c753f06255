import { ZListItemsResponseSchema, ZListProvidersResponseSchema } from '@malewa/contracts/catalog/list-catalog';
import { ZSearchCatalogResponseSchema } from '@malewa/contracts/catalog/search-catalog';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializer, rewritesValue } from './response-serializer.ts';

function serializerOf(schema: z.ZodType) {
  return responseSerializer({ schema, method: 'GET', url: '/test', httpStatus: '200' });
}

type Tree = { name: string; children: Tree[] };

describe('response serializer', () => {
  it('tells a schema that only checks from one that changes the value, wherever it sits', () => {
    const card = z.object({ id: z.uuid(), tags: z.array(z.string()), price: z.number().int().min(0).nullable() });
    expect(rewritesValue(card)).toBe(false);
    expect(rewritesValue(z.object({ data: z.array(z.union([card, z.null()])) }))).toBe(false);
    const tree: z.ZodType<Tree> = z.lazy(() => z.object({ name: z.string(), children: z.array(tree) }));
    expect(rewritesValue(tree)).toBe(false);

    const at = z.codec(z.iso.datetime(), z.date(), {
      decode: (text) => new Date(text),
      encode: (date) => date.toISOString(),
    });
    expect(rewritesValue(z.object({ data: z.array(z.object({ at })) }))).toBe(true);
    expect(
      rewritesValue(z.object({ data: z.array(z.union([z.null(), z.object({ n: z.number().default(1) })])) })),
    ).toBe(true);
    expect(rewritesValue(z.object({ name: z.string().transform((name) => name.trim()) }))).toBe(true);
    const changing: z.ZodType<Tree> = z.lazy(() =>
      z.object({ name: z.string().catch('?'), children: z.array(changing) }),
    );
    expect(rewritesValue(changing)).toBe(true);
  });

  it('sends what it checked, and refuses an answer its schema does not allow', () => {
    const send = serializerOf(z.object({ id: z.uuid(), count: z.number().int().min(0) }));
    const answer = { id: '6e0469d9-1620-47f8-a54a-45ddcab543ac', count: 3 };
    expect(send(answer)).toBe(JSON.stringify(answer));
    // Keys the schema does not name are not sent, as with encoding.
    expect(send({ ...answer, secret: 'x' })).toBe(JSON.stringify(answer));
    let refusal: unknown;
    try {
      send({ ...answer, count: -1 });
    } catch (error) {
      refusal = error;
    }
    expect(isResponseSerializationError(refusal)).toBe(true);
  });

  it('encodes an answer whose schema changes the value', () => {
    const at = z.codec(z.iso.datetime(), z.date(), {
      decode: (text) => new Date(text),
      encode: (date) => date.toISOString(),
    });
    const send = serializerOf(z.object({ at }));
    expect(send({ at: new Date('2026-11-27T10:00:00.000Z') })).toBe('{"at":"2026-11-27T10:00:00.000Z"}');
  });

  it('checks the catalog answers forward: they only check', () => {
    for (const schema of [ZListItemsResponseSchema, ZListProvidersResponseSchema, ZSearchCatalogResponseSchema]) {
      expect(rewritesValue(schema)).toBe(false);
    }
  });
});
