import { MAX_DOCUMENT_BYTES } from '@malewa/contracts/join/join-rules';
import { describe, expect, it } from 'vitest';
import { hoursOf } from '#app/ui/week-hours.ts';
import type { JoinValues } from './join-fields.ts';
import {
  applicationForm,
  documentsOf,
  freshJoinValues,
  joinErrorsOf,
  joinValuesOf,
  pinFollowingCity,
  readJoinForm,
} from './join-form.server.ts';

const CITIES = [
  { id: '7b1c7f55-8a1e-4b8e-9d57-0c6a3e9f1a01', slug: 'nairobi' },
  { id: '7b1c7f55-8a1e-4b8e-9d57-0c6a3e9f1a02', slug: 'mombasa' },
];
const PDF = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], 'id.pdf', { type: 'application/pdf' });
const PNG = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'cert.png', { type: 'image/png' });

function goodValues(overrides: Partial<JoinValues> = {}): JoinValues {
  return {
    ...freshJoinValues(
      'farm',
      { name: 'Wanjiru', surname: 'Kamau', phone: '+254712345678', email: 'w@example.com' },
      { slug: 'nairobi', latitude: -1.286, longitude: 36.817 },
    ),
    businessName: 'Kamau Greens',
    area: 'Kiambu Road',
    street: 'Plot 14, by the water tank',
    description: 'Sukuma wiki, spinach and tomatoes from our family shamba.',
    ...overrides,
  };
}

describe('freshJoinValues', () => {
  it("starts from the applicant's name, phone, email and place, the one kind a service takes, and a working week", () => {
    const values = goodValues();
    expect(values).toMatchObject({ kind: 'farmer', contactName: 'Wanjiru Kamau', city: 'nairobi', latitude: '-1.286' });
    expect(values.hours).toHaveLength(7);
    expect(values.hours[6]).toEqual(['', '']);
    // Food takes two kinds: the applicant chooses.
    expect(freshJoinValues('food', { name: 'A', surname: 'B', phone: null, email: null }, undefined).kind).toBe('');
  });
});

describe('pinFollowingCity', () => {
  const centres = [
    { slug: 'nairobi', latitude: -1.286, longitude: 36.817 },
    { slug: 'mombasa', latitude: -4.043, longitude: 39.668 },
  ];

  it('moves a pin left on another city’s centre to the chosen city’s (a form sent without JavaScript)', () => {
    const values = pinFollowingCity(goodValues({ city: 'mombasa' }), centres);
    expect(values).toMatchObject({ city: 'mombasa', latitude: '-4.043', longitude: '39.668' });
    expect(pinFollowingCity(goodValues({ city: 'mombasa', latitude: '' }), centres).latitude).toBe('-4.043');
  });

  it('keeps a pin the applicant placed, and the chosen city’s own centre', () => {
    const placed = goodValues({ city: 'mombasa', latitude: '-4.05', longitude: '39.7' });
    expect(pinFollowingCity(placed, centres)).toEqual(placed);
    expect(pinFollowingCity(goodValues(), centres)).toEqual(goodValues());
    // A city that is not the market's: the API refuses it on its own field, the pin untouched.
    expect(pinFollowingCity(goodValues({ city: 'kampala' }), centres).latitude).toBe('-1.286');
  });
});

describe('hoursOf', () => {
  it('reads a week in minutes after midnight, an empty day as closed and midnight as the end of the day', () => {
    const week = hoursOf([
      ['08:00', '17:30'],
      ['', ''],
      ['18:00', '00:00'],
      ['', ''],
      ['', ''],
      ['', ''],
      ['', ''],
    ]);
    expect(week).toEqual([[[480, 1050]], [], [[1080, 1440]], [], [], [], []]);
  });

  it('refuses a day given by half, one that closes before it opens, and a time that is not one', () => {
    const closed: [string, string] = ['', ''];
    const rest = Array.from({ length: 6 }, () => closed);
    expect(hoursOf([['08:00', ''], ...rest])).toBeUndefined();
    expect(hoursOf([['17:00', '08:00'], ...rest])).toBeUndefined();
    expect(hoursOf([['25:00', '26:00'], ...rest])).toBeUndefined();
  });
});

describe('readJoinForm', () => {
  it("gives the API's request, with the city's id and the page's language", () => {
    const documents = new Map([
      ['id', PDF],
      ['food-safety', PNG],
    ] as const);
    const read = readJoinForm('farm', goodValues(), new Map(documents), CITIES, 'sw');
    expect(read).toEqual({
      application: expect.objectContaining({
        kind: 'farmer',
        cityId: CITIES[0]?.id,
        latitude: -1.286,
        locale: 'sw',
        hours: expect.arrayContaining([[[540, 780]]]),
      }),
    });
  });

  it('names every field that is wrong, each with its own message, before anything is uploaded', () => {
    const read = readJoinForm(
      'farm',
      goodValues({
        kind: 'chef',
        businessName: 'K',
        email: 'not-an-email',
        city: 'kampala',
        description: 'Short',
        latitude: '',
        hours: [
          ['09:00', ''],
          ['', ''],
          ['', ''],
          ['', ''],
          ['', ''],
          ['', ''],
          ['', ''],
        ],
      }),
      new Map(),
      CITIES,
      'en',
    );
    expect(read).toEqual({
      errors: {
        kind: 'join.error.kind',
        businessName: 'join.error.businessName',
        email: 'join.error.email',
        city: 'join.error.city',
        description: 'join.error.description',
        pin: 'join.error.pin',
        hours: 'join.error.hours',
        id: 'join.error.id',
        certificate: 'join.error.certificate',
      },
    });
  });

  it('asks Cookbook creators for their ID only, and refuses a document over 5 MB', () => {
    const values = goodValues({ kind: 'creator' });
    expect(readJoinForm('cookbook', values, new Map([['id', PDF]]), CITIES, 'en')).toHaveProperty('application');
    const big = new File([new Uint8Array(MAX_DOCUMENT_BYTES + 1)], 'id.jpg', { type: 'image/jpeg' });
    expect(readJoinForm('cookbook', values, new Map([['id', big]]), CITIES, 'en')).toEqual({
      errors: { id: 'join.error.fileSize' },
    });
  });
});

describe('the form as sent', () => {
  it('reads the fields and the week, and skips the empty file a browser sends for an unchosen input', () => {
    const form = new FormData();
    form.set('businessName', '  Kamau Greens ');
    form.set('hours-0-opens', '07:00');
    form.set('hours-0-closes', '12:00');
    form.set('id', PDF);
    form.set('trading', new File([], ''));
    const values = joinValuesOf(form);
    expect(values.businessName).toBe('Kamau Greens');
    expect(values.hours[0]).toEqual(['07:00', '12:00']);
    expect(values.hours[1]).toEqual(['', '']);
    expect([...documentsOf(form).keys()]).toEqual(['id']);
  });

  it("maps the API's field names to the page's fields, and drops names it does not know", () => {
    expect(joinErrorsOf(['cityId', 'longitude', 'trading', 'message', 'bogus'])).toEqual({
      city: 'join.error.city',
      pin: 'join.error.pin',
      certificate: 'join.error.certificate',
    });
  });

  it("builds the API's multipart form: the JSON part and each document under its kind", async () => {
    const read = readJoinForm(
      'farm',
      goodValues(),
      new Map([
        ['id', PDF],
        ['trading', PNG],
      ] as const),
      CITIES,
      'en',
    );
    if (!('application' in read)) throw new Error('expected an application');
    const form = applicationForm(
      read.application,
      new Map([
        ['id', PDF],
        ['trading', PNG],
      ] as const),
    );
    expect(JSON.parse(String(form.get('application')))).toEqual(read.application);
    expect((form.get('id') as File).name).toBe('id.pdf');
    expect((form.get('trading') as File).size).toBe(4);
  });
});
