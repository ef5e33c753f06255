import type { Statement } from '@malewa/contracts/provider/get-statement';
import { describe, expect, it } from 'vitest';
import { statementCsv, statementPeriodOf, statementRows } from './statement.server.ts';

const KES = (amount: number) => ({ amount, currency: 'KES' as const });

/** A month: 100 owed at the start; 1,200 of goods, 150 delivery, 50 tips; 150 commission; 300 paid out. */
const STATEMENT: Statement = {
  from: '2026-11-01',
  to: '2026-11-30',
  openingOwed: KES(10_000),
  grossSales: KES(120_000),
  deliveryFees: KES(15_000),
  discountsFunded: KES(5_000),
  discountsByMalewa: KES(2_500),
  commission: KES(17_250),
  refunds: KES(1_000),
  tips: KES(5_000),
  cashCollected: KES(40_000),
  payouts: KES(30_000),
  closingOwed: KES(56_750),
};

describe('statementPeriodOf', () => {
  it('is this month so far on the shop’s clock by default', () => {
    // 22:30 UTC on 30 November is 01:30 on 1 December in Nairobi: December has begun there.
    const page = new URL('http://localhost/provider/statement');
    expect(statementPeriodOf(page, 'KE', new Date('2026-11-30T22:30:00Z')).period).toEqual({
      from: '2026-12-01',
      to: '2026-12-01',
    });
    expect(statementPeriodOf(page, 'KE', new Date('2026-11-30T20:30:00Z')).period).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
  });

  it('takes the period asked for, and keeps one that is not as typed beside the default', () => {
    const asked = statementPeriodOf(new URL('http://localhost/provider/statement?from=2026-10-01&to=2026-10-31'), 'ZA');
    expect(asked).toMatchObject({ period: { from: '2026-10-01', to: '2026-10-31' }, invalid: false });
    const now = new Date('2026-11-15T10:00:00Z');
    const backwards = statementPeriodOf(
      new URL('http://localhost/provider/statement?from=2026-10-31&to=2026-10-01'),
      'ZA',
      now,
    );
    expect(backwards).toEqual({
      period: { from: '2026-11-01', to: '2026-11-15' },
      asked: { from: '2026-10-31', to: '2026-10-01' },
      invalid: true,
    });
    const tooLong = statementPeriodOf(
      new URL('http://localhost/provider/statement?from=2024-01-01&to=2026-01-01'),
      'ZA',
    );
    expect(tooLong.invalid).toBe(true);
    expect(statementPeriodOf(new URL('http://localhost/provider/statement?from=soon'), 'ZA').invalid).toBe(true);
  });
});

describe('statementRows', () => {
  it('signs each line by its effect, so that the start and the lines add up to the end', () => {
    const rows = statementRows(STATEMENT);
    expect(rows.map((row) => [row.key, row.amount])).toEqual([
      ['grossSales', 120_000],
      ['deliveryFees', 15_000],
      ['discountsFunded', -5_000],
      ['commission', -17_250],
      ['refunds', -1_000],
      ['tips', 5_000],
      ['cashCollected', -40_000],
      ['payouts', -30_000],
    ]);
    const sum = rows.reduce((total, row) => total + row.amount, STATEMENT.openingOwed.amount);
    expect(sum).toBe(STATEMENT.closingOwed.amount);
  });

  it('shows commission given back (negative) as adding, and nothing as 0, not −0', () => {
    const rows = statementRows({ ...STATEMENT, commission: KES(-500), refunds: KES(0) });
    expect(rows.find((row) => row.key === 'commission')?.amount).toBe(500);
    expect(Object.is(rows.find((row) => row.key === 'refunds')?.amount, 0)).toBe(true);
  });
});

describe('statementCsv', () => {
  it('writes one line a row in major units, the Malewa-funded discounts last', () => {
    expect(statementCsv(STATEMENT).split('\r\n')).toEqual([
      'period_start,period_end,line,amount,currency',
      '2026-11-01,2026-11-30,owed_at_start,100,KES',
      '2026-11-01,2026-11-30,sales,1200,KES',
      '2026-11-01,2026-11-30,delivery_fees,150,KES',
      '2026-11-01,2026-11-30,discounts_you_funded,-50,KES',
      '2026-11-01,2026-11-30,commission,-172.5,KES',
      '2026-11-01,2026-11-30,refunds,-10,KES',
      '2026-11-01,2026-11-30,tips,50,KES',
      '2026-11-01,2026-11-30,cash_you_collected,-400,KES',
      '2026-11-01,2026-11-30,payouts,-300,KES',
      '2026-11-01,2026-11-30,owed_at_end,567.5,KES',
      '2026-11-01,2026-11-30,discounts_malewa_funded,25,KES',
      '',
    ]);
  });

  it('writes a shop that owes Malewa as a negative end, in a currency without minor units as is', () => {
    const rwf = (amount: number) => ({ amount, currency: 'RWF' as const });
    const owing = { ...STATEMENT, openingOwed: rwf(0), closingOwed: rwf(-3500) };
    expect(statementCsv(owing)).toContain('\r\n2026-11-01,2026-11-30,owed_at_end,-3500,RWF\r\n');
  });
});
