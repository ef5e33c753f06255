import { describe, expect, it } from 'vitest';
import { deliveryQuote, distanceKmBetween } from './delivery-quote.ts';

const rule = {
  deliveryRadiusKm: 8,
  deliveryFeeBase: 10_000,
  deliveryFeePerKm: 2_000,
  freeDeliveryAbove: 200_000,
  prepMinutes: 25,
};

describe('deliveryQuote', () => {
  it('charges the base fee and each started kilometre, rounded up to a whole major unit', () => {
    expect(deliveryQuote(rule, 2.3, 'KES')).toEqual({
      distanceKm: 2.3,
      feeMinor: 16_000,
      freeAboveMinor: 200_000,
      etaMinutes: 45,
    });
    expect(deliveryQuote({ ...rule, deliveryFeeBase: 10_050 }, 1, 'KES')?.feeMinor).toBe(12_100);
    expect(deliveryQuote({ ...rule, deliveryFeeBase: 500, deliveryFeePerKm: 150 }, 3, 'RWF')?.feeMinor).toBe(950);
  });

  it('does not deliver beyond the radius', () => {
    expect(deliveryQuote(rule, 8.01, 'KES')).toBeNull();
  });
});

describe('distanceKmBetween', () => {
  it('measures the great circle: Nairobi to Mombasa is about 440 km', () => {
    const km = distanceKmBetween({ latitude: -1.2921, longitude: 36.8219 }, { latitude: -4.0435, longitude: 39.6682 });
    expect(km).toBeGreaterThan(430);
    expect(km).toBeLessThan(450);
  });
});
