import { COUNTRY_CODES, type CountryCode } from '@malewa/contracts/country-codes';
import { MARKET_CURRENCY } from '@malewa/contracts/currencies';
import { formatList } from '#app/platform/i18n/list-format.ts';
import type { LocaleCode } from '#app/platform/i18n/locales.ts';
import { textIn } from '#app/platform/i18n/localized-text.ts';
import { regionNamesFor } from '#app/platform/i18n/region-names.ts';
import type { MessageKey, Translate } from '#app/platform/i18n/translator.ts';
import { formatCatalogMoney } from '#app/platform/money/use-money.ts';
import { momentOf } from './operator-format.ts';

/** One field of a record in the audit log, as an operator reads it: "From a subtotal of: R 50.00". */
export interface AuditField {
  readonly label: string;
  readonly value: string;
}

export interface AuditReader {
  readonly t: Translate;
  /** Whether the page's catalog has a message: a field or value without one shows as the API names it. */
  readonly has: (key: string) => boolean;
  readonly language: LocaleCode;
  /** The page language's BCP 47 tag (`locale.iso`). */
  readonly iso: string;
  /** The operator's market: its clock and currency for a record that names no market of its own. */
  readonly market: CountryCode;
}

/** Amounts the API keeps in minor units of the record's market's currency. */
const MONEY_FIELDS = new Set(['minimumSubtotal']);
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const LANGUAGE_CODE = /^[a-z]{2,3}$/;

const isCountry = (value: unknown): value is CountryCode =>
  typeof value === 'string' && (COUNTRY_CODES as readonly string[]).includes(value);

/** A text a person wrote in one or more languages: `{ "en": "Weekend special" }`. */
function isLocalizedText(value: unknown): value is Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return entries.length > 0 && entries.every(([key, text]) => LANGUAGE_CODE.test(key) && typeof text === 'string');
}

/** The words for an enumerated value of a subject (a shop's status, an offer's kind), where the catalog has them. */
function enumKey(subjectType: string, field: string, value: string): string | undefined {
  if (field === 'service') return `service.${value}.name`;
  if (field === 'status' && subjectType === 'provider') return `operator.provider.status.${value}`;
  if (field === 'status' && subjectType === 'application') return `join.state.${value}`;
  if (field === 'state' && subjectType === 'offer') return `offers.state.${value}`;
  if (field === 'kind' && subjectType === 'offer') return `offers.kind.${value}`;
  if (field === 'kind' && subjectType === 'location') return `operator.location.kind.${value}`;
  if (field === 'channel' && subjectType === 'outbox_message') return `operator.outbox.channel.${value}`;
  return undefined;
}

/**
 * A record of the audit log (the subject before or after an operator's act) as an operator
 * reads it, field by field: money in its market's currency (the API keeps minor units), a text
 * written in several languages in the page's language (falling back as the consoles do),
 * moments on the market's clock, markets, services, states and kinds in words, lists as the
 * language lists them. A field the catalog has no words for keeps its name; a value of an
 * unknown shape reads as the API sent it.
 */
export function auditFields(
  record: Readonly<Record<string, unknown>> | null,
  subjectType: string,
  reader: AuditReader,
): AuditField[] | null {
  if (!record) return null;
  const { t, has, language, iso } = reader;
  const market = isCountry(record.countryCode) ? record.countryCode : reader.market;
  const money = (amount: number) => formatCatalogMoney({ amount, currency: MARKET_CURRENCY[market] }, iso);
  const written = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (typeof value === 'number') {
      if (MONEY_FIELDS.has(field) || (field === 'value' && record.kind === 'fixed')) return money(value);
      if (field === 'value' && record.kind === 'percent') return `${value}%`;
      return String(value);
    }
    if (typeof value === 'boolean') return t(value ? 'operator.audit.yes' : 'operator.audit.no');
    if (typeof value === 'string') {
      if (field === 'countryCode' && isCountry(value)) return regionNamesFor(language)(value);
      const key = enumKey(subjectType, field, value);
      if (key && has(key)) return t(key as MessageKey);
      if (ISO_MOMENT.test(value) && !Number.isNaN(Date.parse(value))) return momentOf(value, iso, market);
      return value;
    }
    if (Array.isArray(value))
      return value.length === 0
        ? '—'
        : formatList(
            value.map((item) => written(field, item)),
            iso,
          );
    if (isLocalizedText(value)) return textIn(value, language);
    if (typeof value === 'object' && Object.keys(value).length === 0) return '—';
    return JSON.stringify(value);
  };
  return Object.entries(record).map(([field, value]) => {
    const label = `operator.audit.field.${field}`;
    return { label: has(label) ? t(label as MessageKey) : field, value: written(field, value) };
  });
}
