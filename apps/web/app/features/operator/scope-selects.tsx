import { COUNTRY_CODES } from '@malewa/contracts/country-codes';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { SERVICE_IDS } from '#app/platform/services/services.ts';

interface ScopeSelectProps {
  label: string;
  defaultValue: string;
  /** The label of an empty first choice (a filter's "all"); none in a form that needs a value. */
  all?: string;
  className?: string;
}

/** A service to filter or to act on, named in the page's language (`service`). */
export function ServiceSelect({ label, defaultValue, all, className }: ScopeSelectProps) {
  const { t } = useI18n();
  return (
    <label className={className}>
      {label}{' '}
      <select name="service" defaultValue={defaultValue}>
        {all !== undefined && <option value="">{all}</option>}
        {SERVICE_IDS.map((service) => (
          <option key={service} value={service}>
            {t(`service.${service}.name`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A market to filter or to act on, by its country code (`countryCode`). */
export function MarketSelect({ label, defaultValue, all, className }: ScopeSelectProps) {
  return (
    <label className={className}>
      {label}{' '}
      <select name="countryCode" defaultValue={defaultValue}>
        {all !== undefined && <option value="">{all}</option>}
        {COUNTRY_CODES.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
    </label>
  );
}
