import type { TaxClass } from '@malewa/contracts/catalog/vocabulary';
import type { CountryCode } from '@malewa/contracts/country-codes';
import { marketDay } from '@malewa/contracts/zoned-time';

/**
 * The VAT rates of the six markets, in basis points (1500 = 15 %), with the market's civil
 * date each took effect: a rate is picked by the time of supply, so an order placed on the
 * evening before a change and one placed the next morning are taxed differently, and an old
 * order's invoice keeps the rate it was placed under. Checked against
 * shared/notes/money-delivery-production-facts.md §4, and the sources named per market.
 */

/** A standard rate from `from` (YYYY-MM-DD on the market's clock) until the next period's `from`. */
export interface RatePeriod {
  from: string;
  basisPoints: number;
}

/**
 * Oldest first. Each table starts no later than 2020-01-01 (Malewa has no earlier orders);
 * where a rate's first day is not known, its period starts at 2020-01-01, when it was in force.
 */
export const STANDARD_RATES: Readonly<Record<CountryCode, readonly RatePeriod[]>> = {
  // VAT Act 89 of 1991 s7; the 15.5 % planned for 1 May 2025 was withdrawn (mg.co.za).
  ZA: [{ from: '2018-04-01', basisPoints: 1500 }],
  // VAT Act 2013 (regfollower.com); cut to 14 % for Covid from 1 Apr to 31 Dec 2020
  // (Tax Laws (Amendment) Act 2020; avalara.com vatlive, vatcalc.com).
  KE: [
    { from: '2013-09-02', basisPoints: 1600 },
    { from: '2020-04-01', basisPoints: 1400 },
    { from: '2021-01-01', basisPoints: 1600 },
  ],
  // 18 % since 2002 (UNCTAD Investment Policy Review of Rwanda gives the year only, so the day
  // is assumed), kept by VAT Law 049/2023 (taxnews.ey.com).
  RW: [{ from: '2002-01-01', basisPoints: 1800 }],
  // 12 % until 14 % from 1 Apr 2021; 12 % again from 3 Aug 2022 to 31 Mar 2023 (vatcalc.com,
  // vatupdate.com). The minister announced 1 Aug 2022; BURS's transition guidance and the
  // statutory instrument say 3 Aug (vatupdate.com via Orbitax, KPMG), which we follow.
  BW: [
    { from: '2020-01-01', basisPoints: 1200 },
    { from: '2021-04-01', basisPoints: 1400 },
    { from: '2022-08-03', basisPoints: 1200 },
    { from: '2023-04-01', basisPoints: 1400 },
  ],
  // 14.5 % from 1 Jan 2020 (ZIMRA via The Herald), 15 % from 1 Jan 2023 (2023 budget; Mondaq via
  // vatupdate.com), 15.5 % from 1 Jan 2026 (ZIMRA notice via vatupdate.com; taxtami.com).
  ZW: [
    { from: '2020-01-01', basisPoints: 1450 },
    { from: '2023-01-01', basisPoints: 1500 },
    { from: '2026-01-01', basisPoints: 1550 },
  ],
  // 17 % until Law 22/2022 made it 16 % from 1 Jan 2023 (rangel.com; FAO GIEWS).
  MZ: [
    { from: '2020-01-01', basisPoints: 1700 },
    { from: '2023-01-01', basisPoints: 1600 },
  ],
};

/**
 * The VAT rate in basis points of a tax class in a market at an instant, read on the market's
 * own calendar (23:30 on 31 December in UTC is already the new year in Harare); 0 for zero-rated;
 * null for exempt, which has no rate at all. Throws for a date before the market's table starts,
 * rather than guess a rate nobody checked.
 */
export function rateAt(countryCode: CountryCode, taxClass: TaxClass, at: Date): number | null {
  if (taxClass === 'exempt') return null;
  const day = marketDay(countryCode, at);
  let rate: number | undefined;
  for (const period of STANDARD_RATES[countryCode]) {
    if (period.from > day) break;
    rate = period.basisPoints;
  }
  if (rate === undefined) throw new RangeError(`No ${countryCode} VAT rate known on ${day}`);
  return taxClass === 'zero' ? 0 : rate;
}
