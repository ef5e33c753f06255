import { data } from 'react-router';
import { isRequestSetupFailure } from '../feedback/alert.ts';

/**
 * A form page's `clientAction`: with JavaScript, a submission that never reached the server
 * (offline, a dropped connection) keeps the typed fields (`fields`: never the passwords) and
 * says so in the alert area, instead of an error page.
 */
export function keepValuesOnNetworkFailure(fields: readonly string[]) {
  return async ({ request, serverAction }: { request: Request; serverAction: () => Promise<unknown> }) => {
    const form = await request.clone().formData();
    try {
      return await serverAction();
    } catch (error) {
      if (!isRequestSetupFailure(error)) throw error;
      const values = Object.fromEntries(fields.map((field) => [field, String(form.get(field) ?? '')]));
      // An error status, so that the router does not reload the page's data over the broken connection.
      return data({ status: 'network-error', values }, { status: 503 });
    }
  };
}
