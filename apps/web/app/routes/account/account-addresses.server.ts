import type { SavedAddress } from '@malewa/contracts/addresses/saved-address';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { placeContext } from '#app/context.ts';
import {
  createAddress,
  deleteAddress,
  listAddresses,
  updateAddress,
} from '#app/features/commerce/address-api.server.ts';
import type { AddressField, AddressValues } from '#app/features/commerce/address-fields.tsx';
import {
  addressValuesOf,
  freshAddressValues,
  labelErrorOf,
  readAddress,
  valuesOfAddress,
} from '#app/features/commerce/address-form.server.ts';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { invalid, refused, textOf } from '#app/platform/forms/form.server.ts';
import { isUuid } from '#app/platform/http/uuid.ts';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { pageMessageBundle, translatorFor } from '#app/platform/i18n/messages.server.ts';
import { loadMe } from '#app/platform/session/me.server.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';

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

/** The address book's form: an address and the name the shopper gives it. */
export type SavedAddressValues = AddressValues & { label: string };
export type SavedAddressField = AddressField | 'label';

/** The address book's forms: save (new or `id`), make default, forget. */
export async function submitAddressForm(url: URL, request: Request, context: Context) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const form = await request.formData();
  const intent = textOf(form, 'intent');
  const id = textOf(form, 'id');
  const here = localizePath('/account/addresses', locale.code);
  if (id && !isUuid(id)) throw data(null, { status: 404 });
  try {
    if (intent === 'delete' && id) {
      await signedInCall(url, () => deleteAddress(context, request, id));
      showToast(context, { type: 'success', title: t('commerce.addresses.deleted'), message: '' });
      throw redirect(here);
    }
    if (intent === 'default' && id) {
      const current = (await signedInCall(url, () => listAddresses(context, request))).find((a) => a.id === id);
      if (!current) throw data(null, { status: 404 });
      await signedInCall(url, () => updateAddress(context, request, id, { ...inputOf(current), isDefault: true }));
      throw redirect(here);
    }
    const label = textOf(form, 'label');
    const values: SavedAddressValues = { ...addressValuesOf(form), label };
    const read = readAddress(values);
    const labelError = labelErrorOf(label);
    if (!read.ok || labelError) {
      const errors = read.ok ? {} : read.errors;
      return invalid<SavedAddressValues, SavedAddressField>(values, {
        ...(labelError ? { label: labelError } : {}),
        ...errors,
      });
    }
    const input = { ...read.address, label, isDefault: form.get('isDefault') === 'on' };
    try {
      if (id) await signedInCall(url, () => updateAddress(context, request, id, input));
      else await signedInCall(url, () => createAddress(context, request, input));
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && Array.isArray(error.errors.phone)) {
        return invalid<SavedAddressValues, SavedAddressField>(values, { phone: 'commerce.checkout.error.phone' });
      }
      if (error instanceof ApiError && error.status === 422) {
        return refused(values, 'commerce.addresses.limit', 422);
      }
      throw error;
    }
    showToast(context, { type: 'success', title: t('commerce.addresses.saved', { label }), message: '' });
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
