import type { RouterContextProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { type ActionAnswer, submitAction } from '#app/platform/forms/submit-action.testing.ts';
import { saveListingForm } from './listing-page.server.ts';

const api = vi.hoisted(() => ({
  createListing: vi.fn(),
  updateListing: vi.fn(),
  getListing: vi.fn(),
  sendListingPhoto: vi.fn(),
  service: 'farm' as string,
}));
vi.mock('#app/features/provider/provider-api.server.ts', () => api);
vi.mock('#app/features/provider/provider-shop.server.ts', () => ({
  currentShop: async () => ({
    shop: { id: '0b7c3b8e-2f4a-4c55-9d7e-3f1a2b3c4d5e', name: 'Mopani', service: api.service, countryCode: 'ZA' },
  }),
}));
vi.mock('#app/platform/feedback/toast.server.ts', () => ({ showToast: vi.fn() }));

const context = {} as Readonly<RouterContextProvider>;
const url = new URL('http://malewa.test/provider/listings/new');

/** What the action answers: its outcome, or the redirect it throws. */
function save(fields: Record<string, string>): Promise<ActionAnswer> {
  return submitAction(url, { lang1: 'en', ...fields }, (request) => saveListingForm(url, request, context, {}));
}

beforeEach(() => {
  vi.clearAllMocks();
  api.service = 'farm';
  api.createListing.mockResolvedValue({ id: 'b1b2c3d4-0000-4000-8000-000000000001', name: { en: 'Spinach' } });
});

describe('a listing’s form', () => {
  it('puts a price that is not one on its field, the rest kept, and sends nothing', async () => {
    const answer = await save({ name1: 'Spinach', category: 'leafy-greens', unit: 'bunch', price: 'twelve' });
    expect(answer).toMatchObject({ code: 400, status: 'invalid', errors: { price: 'provider.error.price' } });
    expect(answer.values).toMatchObject({ name1: 'Spinach', category: 'leafy-greens' });
    expect(api.createListing).not.toHaveBeenCalled();
  });

  it('sends the VAT class chosen, and puts one that is none beside its field', async () => {
    await save({ name1: 'Spinach', category: 'leafy-greens', unit: 'bunch', price: '12', taxClass: 'zero' });
    expect(api.createListing.mock.calls[0]?.[3]).toMatchObject({ taxClass: 'zero' });
    const answer = await save({
      name1: 'Spinach',
      category: 'leafy-greens',
      unit: 'bunch',
      price: '12',
      taxClass: 'luxury',
    });
    expect(answer).toMatchObject({ code: 400, status: 'invalid', errors: { taxClass: 'provider.error.taxClass' } });
    expect(answer.values).toMatchObject({ taxClass: 'luxury' });
  });

  it('says what is missing beside each field: a name, a category, the second language', async () => {
    const answer = await save({ name1: 'S', price: '12', lang2: 'en', unit: '' });
    expect(answer.errors).toEqual({
      name1: 'provider.error.name',
      category: 'provider.error.category',
      unit: 'provider.error.unit',
      lang2: 'provider.error.language',
    });
    const second = await save({
      name1: 'Spinach',
      category: 'leafy-greens',
      unit: 'kg',
      price: '1',
      lang2: 'sw',
      name2: 'M',
    });
    expect(second.errors).toEqual({ name2: 'provider.error.name' });
  });

  it('sends the contract’s request: amounts in minor units, texts by language', async () => {
    const answer = await save({
      name1: 'Spinach',
      description1: 'Picked this morning.',
      lang2: 'sw',
      name2: 'Mchicha',
      category: 'leafy-greens',
      unit: 'bunch',
      price: '12.50',
      stock: '40',
      available: 'on',
    });
    expect(answer).toEqual({ redirect: '/provider/listings?shop=0b7c3b8e-2f4a-4c55-9d7e-3f1a2b3c4d5e' });
    expect(api.createListing.mock.calls[0]?.[3]).toEqual({
      name: { en: 'Spinach', sw: 'Mchicha' },
      description: { en: 'Picked this morning.' },
      category: 'leafy-greens',
      unit: 'bunch',
      price: 1250,
      stock: 40,
      available: true,
      options: [],
      type: 'produce',
    });
  });

  it('puts the API’s refusal of a field beside it', async () => {
    api.createListing.mockRejectedValue(new ApiError(400, { errors: { category: ['Not one of the farm’s'] } }));
    const answer = await save({ name1: 'Spinach', category: 'cakes', unit: 'kg', price: '5' });
    expect(answer).toMatchObject({ code: 400, status: 'invalid', errors: { category: 'provider.error.category' } });
  });

  it('puts a chef’s guests the wrong way round on the guests, the options kept with spare rows', async () => {
    api.service = 'chef';
    const chef = {
      name1: 'Braai night',
      category: 'grill-night',
      unit: 'per-guest',
      price: '450',
      guestsMin: '12',
      guestsMax: '6',
      durationHours: '3.5',
      venue: 'your-place',
      included: 'Boerewors and lamb chops\nPap and chakalaka',
      'option-0-name': 'Dessert',
      'option-0-choice-0-name': 'Malva pudding',
      'option-0-choice-0-price': '0',
      'option-0-choice-1-name': 'Koeksisters',
      'option-0-choice-1-price': '25',
    };
    const answer = await save(chef);
    expect(answer.errors).toEqual({ guests: 'provider.error.guests' });
    // With a duration that is no number too: both, as the schema alone would skip the guests.
    const both = await save({ ...chef, durationHours: 'three' });
    expect(both.errors).toEqual({ guests: 'provider.error.guests', duration: 'provider.error.duration' });
    const options = answer.values?.options as { choices: { name: string }[] }[];
    expect(options[0]?.choices.map((choice) => choice.name)).toEqual(['Malva pudding', 'Koeksisters', '', '']);
    expect(options).toHaveLength(2);
  });

  it('asks a recipe for its steps, the ingredients kept', async () => {
    api.service = 'cookbook';
    const ingredients = '1 kg Tomatoes\n500 g lamb neck\nsalt';
    const answer = await save({
      type: 'recipe',
      name1: 'Tomato bredie',
      category: 'stews',
      unit: 'each',
      servings: '4',
      prepMinutes: '20',
      cookMinutes: '90',
      ingredients,
    });
    expect(answer.errors).toEqual({ steps: 'provider.error.steps' });
    // Sent as a multipart form, a textarea's lines end in CRLF (the browser shows them as LF).
    expect(answer.values).toMatchObject({ ingredients: ingredients.replaceAll('\n', '\r\n') });
  });
});
