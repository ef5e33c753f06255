import { Form } from 'react-router';
import { errorOf, keptValue } from '#app/platform/forms/form-outcome.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import type { AssignableRider, BoardDelivery } from './board-delivery.server.ts';

/**
 * An order's delivery on its board card: who has it and where it stands, and while nobody has
 * taken it, the shop's riders on shift and free to give it to by hand. A refused choice comes
 * back beside the select, the rider chosen kept. A plain form: it works without JavaScript.
 */
export function BoardDeliveryPanel({
  orderId,
  delivery,
  riders,
  action,
  outcome,
}: {
  orderId: string;
  delivery: BoardDelivery;
  riders: readonly AssignableRider[];
  action: string;
  outcome: unknown;
}) {
  const { t } = useI18n();
  const mine =
    (outcome as { intent?: string } | undefined)?.intent === 'assign' && keptValue(outcome, 'order') === orderId;
  const error = mine ? errorOf(outcome, 'riderId') : undefined;
  const fieldId = `assign-${orderId}`;
  return (
    <div className={`board-delivery board-delivery-${delivery.status}`}>
      <p>
        <strong>{t('provider.delivery.label')}</strong> <DeliveryState delivery={delivery} />
      </p>
      {delivery.status === 'picked_up' && delivery.codeLocked && (
        <p className="notice notice-warning" role="status">
          <strong>{t('provider.delivery.codeLocked')}</strong>
          <br />
          {t('provider.delivery.codeLockedHint')}
        </p>
      )}
      {delivery.status === 'picked_up' && !delivery.codeLocked && delivery.etaMinutes !== null && (
        <p className="card-meta">{t('provider.delivery.eta', { count: delivery.etaMinutes })}</p>
      )}
      {delivery.status === 'searching' &&
        (riders.length === 0 ? (
          <p className="card-meta">{t('provider.delivery.noRiders')}</p>
        ) : (
          <Form method="post" action={action} className="board-accept board-assign">
            <CsrfField />
            <input type="hidden" name="order" value={orderId} />
            <label htmlFor={fieldId}>{t('provider.delivery.assign')}</label>
            {error && (
              <p className="field-error" id={`${fieldId}-error`}>
                {t(error)}
              </p>
            )}
            <select
              id={fieldId}
              name="riderId"
              defaultValue={mine ? keptValue(outcome, 'riderId') : ''}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${fieldId}-error` : undefined}
              required
            >
              <option value="">{t('provider.delivery.chooseRider')}</option>
              {riders.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </select>
            <button type="submit" name="intent" value="assign">
              {t('provider.delivery.assignSubmit')}
            </button>
          </Form>
        ))}
    </div>
  );
}

/** Where the delivery stands, in a few words. */
function DeliveryState({ delivery }: { delivery: BoardDelivery }) {
  const { t } = useI18n();
  const rider = delivery.rider ?? { name: '', vehicle: '' };
  switch (delivery.status) {
    case 'searching':
      return <>{t('provider.delivery.searching')}</>;
    case 'assigned':
      return <>{t('provider.delivery.assigned', { rider: rider.name, vehicle: rider.vehicle })}</>;
    case 'picked_up':
      return <>{t('provider.delivery.pickedUp', { rider: rider.name, vehicle: rider.vehicle })}</>;
    case 'delivered':
      return <>{t('provider.delivery.delivered', { rider: rider.name })}</>;
  }
}
