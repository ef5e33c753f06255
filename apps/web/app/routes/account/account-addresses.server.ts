import type { SavedAddress } from '@malewa/contracts/addresses/saved-address';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { placeContext } from '../../context.ts';
import {
  createAddress,
  deleteAddress,
  listAddresses,
  updateAddress,
} from '../../features/commerce/address-api.server.ts';
import type { AddressErrors, AddressValues } from '../../features/commerce/address-fields.tsx';
import {
  addressValuesOf,
  freshAddressValues,
  readAddress,
  valuesOfAddress,
} from '../../features/commerce/address-form.server.ts';
import { ApiError } from '../../platform/api-client/api-client.server.ts';
import { notify } from '../../platform/feedback/notification.server.ts';
import { isUuid } from '../../platform/http/uuid.ts';
import { localeOfPath, localizePath } from '../../platform/i18n/locales.ts';
import { pageMessageBundle, translatorFor } from '../../platform/i18n/messages.server.ts';
import type { MessageKey } from '../../platform/i18n/translator.ts';
import { loadMe } from '../../platform/session/me.server.ts';
import { signedInCall } from '../../platform/session/signed-in-call.server.ts';

type Context = Readonly<RouterContextProvider>;

/**
 * `/account/addresses`: the shopper's addresses in their market; `?edit={id}` opens one in the
 * form, which otherwise adds a new one (starting from the shopper's name and phone, and the
 * centre of their place).
 */
export async function loadAddressesPage(url: URL, request: Request, context: Context) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const [addresses, me] = await signedInCall(url, () =>
    Promise.all([listAddresses(context, request), loadMe(context, request)]),
  );
  const editing = addresses.find((address) => address.id === url.searchParams.get('edit')) ?? null;
  const place = context.get(placeContext).place;
  const fresh = freshAddressValues(me.user, place);
  return {
    addresses,
    editing: editing ? { id: editing.id, label: editing.label, isDefault: editing.isDefault } : null,
    values: editing ? valuesOfAddress(editing) : fresh,
    pin: editing
      ? { latitude: editing.latitude, longitude: editing.longitude }
      : place
        ? { latitude: place.latitude, longitude: place.longitude }
        : null,
    messageBundles: [pageMessageBundle.commerce(locale.code)],
    title: `${t('commerce.addresses.title')} | ${t('site.name')}`,
  };
}

export type AddressOutcome = {
  status: 'invalid';
  values: AddressValues;
  label: string;
  errors: AddressErrors & { label?: MessageKey; form?: MessageKey };
};

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

/** The address book's forms: save (new or `id`), make default, forget. */
export async function submitAddressForm(url: URL, request: Request, context: Context) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const form = await request.formData();
  const intent = text(form, 'intent');
  const id = text(form, 'id');
  const here = localizePath('/account/addresses', locale.code);
  if (id && !isUuid(id)) throw data(null, { status: 404 });
  try {
    if (intent === 'delete' && id) {
      await signedInCall(url, () => deleteAddress(context, request, id));
      notify(context, { type: 'success', title: t('commerce.addresses.deleted'), message: '' });
      throw redirect(here);
    }
    if (intent === 'default' && id) {
      const current = (await signedInCall(url, () => listAddresses(context, request))).find((a) => a.id === id);
      if (!current) throw data(null, { status: 404 });
      await signedInCall(url, () => updateAddress(context, request, id, { ...inputOf(current), isDefault: true }));
      throw redirect(here);
    }
    const values = addressValuesOf(form);
    const label = text(form, 'label');
    const read = readAddress(values);
    const labelError: MessageKey | undefined =
      label === '' || label.length > 40 ? 'commerce.checkout.error.required' : undefined;
    if ('errors' in read || labelError) {
      const errors = 'errors' in read ? read.errors : {};
      return data<AddressOutcome>(
        { status: 'invalid', values, label, errors: { ...errors, label: labelError } },
        { status: 400 },
      );
    }
    const input = { ...read.address, label, isDefault: form.get('isDefault') === 'on' };
    try {
      if (id) await signedInCall(url, () => updateAddress(context, request, id, input));
      else await signedInCall(url, () => createAddress(context, request, input));
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && Array.isArray(error.errors.phone)) {
        return data<AddressOutcome>(
          { status: 'invalid', values, label, errors: { phone: 'commerce.checkout.error.phone' } },
          { status: 400 },
        );
      }
      if (error instanceof ApiError && error.status === 422) {
        return data<AddressOutcome>(
          { status: 'invalid', values, label, errors: { form: 'commerce.addresses.limit' } },
          { status: 422 },
        );
      }
      throw error;
    }
    notify(context, { type: 'success', title: t('commerce.addresses.saved', { label }), message: '' });
    throw redirect(here);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

function inputOf(address: SavedAddress) {
  const { id: _id, countryCode: _country, isDefault: _default, ...rest } = address;
  return { ...rest, isDefault: false };
}
