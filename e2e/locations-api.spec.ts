import { expect, test } from './fixtures.ts';

const api = `http://127.0.0.1:${process.env.E2E_API_PORT || 4100}`;

test.describe('locations API', () => {
  test('pages through the seeded locations', async ({ request }) => {
    const response = await request.get(`${api}/api/locations?page=1&perPage=2`);
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body.data).toHaveLength(2);
    expect(body.meta).toMatchObject({ page: 1, perPage: 2 });
    expect(body.meta.total).toBeGreaterThanOrEqual(12);
    expect(body.meta.totalPages).toBe(Math.ceil(body.meta.total / 2));
  });

  test('an unknown sort field is a 400 naming the field', async ({ request }) => {
    const response = await request.get(`${api}/api/locations?sortBy=bogus`);
    expect(response.status()).toBe(400);
    const body = await response.json();
    expect(body.errors.sortBy[0]).toContain('name');
  });

  test('the docs page and the OpenAPI document are served', async ({ page, request }) => {
    test.slow();
    const spec = await (await request.get(`${api}/api/docs/json`)).json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toContain('/api/locations');
    await page.goto(`${api}/api/docs`);
    // Swagger UI is a megabyte of script that then lays out every operation of the document:
    // on a busy two-core machine that took past 15 s once the document had some 140 of them.
    await expect(page.getByRole('heading', { name: /Malewa API/, level: 1 })).toBeVisible({ timeout: 60_000 });
  });
});
