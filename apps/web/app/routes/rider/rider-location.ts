import { ZShareLocationRequestSchema } from '@malewa/contracts/delivery/share-location';
import { data } from 'react-router';
import { shareLocation } from '#app/features/rider/rider-api.server.ts';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { sessionOf } from '#app/platform/session/session.server.ts';
import type { Route } from './+types/rider-location';

/**
 * Where the rider's page sends each position it shares (`POST /rider/location`, a form of
 * latitude, longitude, accuracy and the phone's time, the CSRF token in X-CSRF-Token): passed to the API with the rider's session, which stays on the
 * server. The answer's status tells the page what to do with a queued position: 202 sent, 4xx
 * drop it (off shift, refused), 5xx or no answer keep it for later.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const session = sessionOf(context);
  if (!session.signedIn) return data({ error: 'signed-out' }, { status: 401 });
  const form = await request.formData().catch(() => null);
  const number = (name: string) => {
    const value = form?.get(name);
    return typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  };
  const parsed = ZShareLocationRequestSchema.safeParse({
    latitude: number('latitude'),
    longitude: number('longitude'),
    accuracy: number('accuracy'),
    at: form?.get('at'),
  });
  if (!parsed.success) return data({ error: 'invalid' }, { status: 400 });
  try {
    return data(await shareLocation(context, request, parsed.data), { status: 202 });
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return data({ error: 'refused' }, { status: error.status });
    throw error;
  }
}
