import { describe, expect, it } from 'vitest';
import { distanceKm, etaMinutes, recentSpeedKmh } from './eta.ts';

const sandton = { latitude: -26.1076, longitude: 28.0567 };
const rosebank = { latitude: -26.1467, longitude: 28.0436 };

describe('distance and ETA', () => {
  it('measures Sandton to Rosebank at about 4.5 km', () => {
    expect(distanceKm(sandton, rosebank)).toBeGreaterThan(4.3);
    expect(distanceKm(sandton, rosebank)).toBeLessThan(4.7);
    expect(distanceKm(sandton, sandton)).toBe(0);
  });

  it('takes the recent speed over the last ten minutes, clamped', () => {
    const t = Date.UTC(2026, 10, 29, 12, 0, 0);
    // 1 km north in 3 minutes: 20 km/h.
    const track = [
      { latitude: -26.1 + 0.008993, longitude: 28.05, at: new Date(t + 180_000) },
      { latitude: -26.1, longitude: 28.05, at: new Date(t) },
      // Older than ten minutes before the newest: not counted.
      { latitude: -27, longitude: 28.05, at: new Date(t - 20 * 60_000) },
    ];
    expect(recentSpeedKmh(track)).toBeCloseTo(20, 0);
    expect(recentSpeedKmh(track.slice(0, 1))).toBeNull();
    // A jump of 10 km in a minute is a bad fix, not 600 km/h.
    expect(
      recentSpeedKmh([
        { latitude: -26.01, longitude: 28.05, at: new Date(t + 60_000) },
        { latitude: -26.1, longitude: 28.05, at: new Date(t) },
      ]),
    ).toBe(45);
  });

  it('uses the vehicle’s usual speed until positions say better', () => {
    const km = distanceKm(sandton, rosebank);
    expect(etaMinutes(sandton, rosebank, 'motorbike', null)).toBe(Math.ceil(((km * 1.3) / 22) * 60));
    expect(etaMinutes(sandton, rosebank, 'motorbike', 10)).toBe(Math.ceil(((km * 1.3) / 10) * 60));
    expect(etaMinutes(sandton, sandton, 'bicycle', null)).toBe(0);
  });
});
