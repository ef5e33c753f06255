import { Form } from 'react-router';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { LtrText } from '#app/ui/ltr-text.tsx';
import type { ShownOffer } from './offer-form.server.ts';

/**
 * A console's offers: what each gives, when (and at what hours), on which items, who funds it,
 * its code and uses, and "end now" while it is not over.
 */
export function OfferList({ offers, action }: { offers: readonly ShownOffer[]; action: string }) {
  const { t } = useI18n();
  if (offers.length === 0) return <EmptyState title={t('offers.none')} />;
  return (
    <ul className="order-list">
      {offers.map((offer) => (
        <li key={offer.id} className="order-card offer-row" aria-labelledby={`offer-${offer.id}`}>
          <h2 id={`offer-${offer.id}`}>
            <bdi>{offer.what}</bdi>{' '}
            {offer.name && (
              <>
                · <bdi>{offer.name}</bdi>{' '}
              </>
            )}
            <span className={`order-status offer-state-${offer.state}`}>{t(`offers.state.${offer.state}`)}</span>
          </h2>
          <p className="card-meta">
            {offer.shop ? <bdi>{offer.shop}</bdi> : t('offers.wholeService')} · {t(`service.${offer.service}.name`)} ·{' '}
            {offer.countryCode}
            {offer.minimum && <> · {offer.minimum}</>}
          </p>
          <p>{offer.window}</p>
          {(offer.hours || offer.items) && (
            <p>
              {offer.hours}
              {offer.hours && offer.items && ' · '}
              {offer.items}
            </p>
          )}
          <p className="card-meta">{offer.fundedBy}</p>
          <p>
            {offer.code && (
              <>
                <LtrText>{offer.code}</LtrText> ·{' '}
              </>
            )}
            {offer.uses}
          </p>
          {offer.state !== 'ended' && (
            <Form method="post" action={action}>
              <CsrfField />
              <input type="hidden" name="offer" value={offer.id} />
              <button type="submit" name="intent" value="end" className="button-quiet">
                {t('offers.end')}
              </button>
            </Form>
          )}
        </li>
      ))}
    </ul>
  );
}
