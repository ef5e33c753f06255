import type { SavedAddress } from '@malewa/contracts/addresses/saved-address';
import { useEffect, useRef } from 'react';
import { Form } from 'react-router';
import { ADDRESS_LABELS, AddressFields, addressSummaryErrors } from '#app/features/commerce/address-fields.tsx';
import { AddressLine } from '#app/features/commerce/address-line.tsx';
import { type FormAlert, invalidFormAlert } from '#app/platform/feedback/alert.ts';
import { AlertArea } from '#app/platform/feedback/alert-area.tsx';
import { errorsOf, type FormOutcome, keptValue, keptValues } from '#app/platform/forms/form-outcome.ts';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { I18nScope, useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localizePath } from '#app/platform/i18n/locales.ts';
import type { MessageKey, Translate } from '#app/platform/i18n/translator.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import commerceStyles from '#app/styles/commerce.css?url';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { FormField } from '#app/ui/form-field.tsx';
import { LtrText } from '#app/ui/ltr-text.tsx';
import type { Route } from './+types/account-addresses';
import type { SavedAddressField, SavedAddressValues } from './account-addresses.server.ts';
import { loadAddressesPage, submitAddressForm } from './account-addresses.server.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: commerceStyles }];

export function loader({ url, request, context }: Route.LoaderArgs) {
  return loadAddressesPage(url, request, context);
}

export function action({ url, request, context }: Route.ActionArgs) {
  return submitAddressForm(url, request, context);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

type AddressOutcome = FormOutcome<SavedAddressValues, SavedAddressField>;

/**
 * `/account/addresses`: the shopper's addresses in their market, the default first, each with
 * edit, make-default and forget; below, the form that adds or edits one. Plain forms and links:
 * it works without JavaScript.
 */
export default function AddressesPage(props: Route.ComponentProps) {
  return (
    <I18nScope bundles={props.loaderData.messageBundles}>
      <AddressesBody {...props} />
    </I18nScope>
  );
}

function AddressesBody({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { addresses, editing, pin } = loaderData;
  const outcome = actionData as AddressOutcome | undefined;
  const values = keptValues(outcome, loaderData.values);
  const errors = errorsOf<SavedAddressField>(outcome);
  const formRef = useRef<HTMLFormElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  // With JavaScript, take the reader to what changed: the first wrong field, or the summary.
  useEffect(() => {
    if (!outcome) return;
    const firstInvalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (firstInvalid ?? noticeRef.current)?.focus();
  }, [outcome]);
  const here = localizePath('/account/addresses', locale.code);
  return (
    <div className="account-page commerce-page addresses-page">
      <h1>{t('commerce.addresses.title')}</h1>
      {addresses.length === 0 ? (
        <EmptyState title={t('commerce.addresses.empty')} />
      ) : (
        <ul className="order-list">
          {addresses.map((address) => (
            <AddressCard key={address.id} address={address} editHref={`${here}?edit=${address.id}`} />
          ))}
        </ul>
      )}
      <section className="checkout-section" aria-labelledby="address-form-title">
        <h2 id="address-form-title">
          {editing ? t('commerce.addresses.edit', { label: editing.label }) : t('commerce.addresses.add')}
        </h2>
        <div ref={noticeRef} tabIndex={-1} className="account-notices">
          <AlertArea alert={alertOf(outcome, t)} source={outcome} />
        </div>
        <Form
          method="post"
          className="checkout-form"
          noValidate
          ref={formRef}
          // A fresh form after each save: its fields and its default box start over.
          key={`${editing?.id ?? 'new'}-${addresses.length}`}
        >
          <CsrfField />
          <input type="hidden" name="intent" value="save" />
          {editing && <input type="hidden" name="id" value={editing.id} />}
          <FormField id="address-label" label={t('commerce.address.label')} error={errors.label}>
            {(props) => (
              <input
                {...props}
                name="label"
                maxLength={40}
                defaultValue={keptValue(outcome, 'label', editing?.label ?? '')}
                placeholder={t('commerce.address.labelHint')}
              />
            )}
          </FormField>
          <AddressFields values={values} errors={errors} pinStart={pin} />
          <label className="choice">
            <input type="checkbox" name="isDefault" defaultChecked={editing?.isDefault ?? addresses.length === 0} />{' '}
            {t('commerce.address.isDefault')}
          </label>
          <p className="order-actions">
            <button type="submit">{t('commerce.addresses.save')}</button>
            {editing && <AppLink to={here}>{t('commerce.addresses.cancelEdit')}</AppLink>}
          </p>
        </Form>
      </section>
    </div>
  );
}

const LABELS: Record<SavedAddressField, MessageKey> = { ...ADDRESS_LABELS, label: 'commerce.address.label' };

/**
 * What the alert area above the form says after a save that did not go through: the summary of
 * the marked fields, or the API's reason (the address book is full).
 */
function alertOf(outcome: AddressOutcome | undefined, t: Translate): FormAlert | null {
  switch (outcome?.status) {
    case 'invalid':
      return invalidFormAlert(t, 'commerce.addresses.error.summary', addressSummaryErrors(outcome.errors), LABELS);
    case 'refused':
      return { type: 'error', lines: [{ text: t(outcome.reason) }] };
    default:
      return null;
  }
}

function AddressCard({ address, editHref }: { address: SavedAddress; editHref: string }) {
  const { t } = useI18n();
  const headingId = `address-${address.id}`;
  return (
    <li className="order-card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <bdi>{address.label}</bdi>{' '}
        {address.isDefault && <span className="order-status">{t('commerce.addresses.default')}</span>}
      </h2>
      <p>
        <bdi>{address.recipient}</bdi> · <LtrText>{address.phone}</LtrText>
      </p>
      <p>
        <AddressLine address={address} />
      </p>
      {address.instructions && (
        <p className="card-meta" dir="auto">
          {address.instructions}
        </p>
      )}
      <div className="order-actions">
        <AppLink to={editHref}>{t('commerce.addresses.editLink')}</AppLink>
        {!address.isDefault && (
          <Form method="post">
            <CsrfField />
            <input type="hidden" name="id" value={address.id} />
            <button type="submit" name="intent" value="default" className="button-quiet">
              {t('commerce.addresses.makeDefault')}
            </button>
          </Form>
        )}
        <Form method="post">
          <CsrfField />
          <input type="hidden" name="id" value={address.id} />
          <button type="submit" name="intent" value="delete" className="button-quiet">
            {t('commerce.addresses.delete')}
            <span className="visually-hidden"> {address.label}</span>
          </button>
        </Form>
      </div>
    </li>
  );
}
