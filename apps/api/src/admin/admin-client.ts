import { request as httpRequest } from 'node:http';
import {
  type RunAdminCommandRequest,
  type RunAdminCommandResponse,
  ZRunAdminCommandResponseSchema,
} from '@malewa/contracts/admin/run-admin-command';
import { ZErrorResponseSchema } from '@malewa/contracts/errors';

/** A command the running product refused, with its reason. */
export class AdminCommandRefused extends Error {
  override readonly name = 'AdminCommandRefused';
}

/** Sends one command to the running product's admin channel (admin-channel.ts). */
export function sendAdminCommand(
  admin: { socket: string; token: string },
  command: RunAdminCommandRequest,
): Promise<RunAdminCommandResponse> {
  const body = JSON.stringify(command);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        socketPath: admin.socket,
        path: '/commands',
        method: 'POST',
        headers: {
          authorization: `Bearer ${admin.token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => {
          try {
            const json: unknown = JSON.parse(text);
            if (response.statusCode === 200) return resolve(ZRunAdminCommandResponseSchema.parse(json));
            const refused = ZErrorResponseSchema.safeParse(json);
            const errors = refused.success ? refused.data.errors : { message: text };
            const message =
              'message' in errors && typeof errors.message === 'string'
                ? errors.message
                : Object.entries(errors)
                    .map(([field, problems]) => `${field}: ${[problems].flat().join(', ')}`)
                    .join('; ');
            reject(new AdminCommandRefused(message));
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ECONNREFUSED' || error.code === 'ENOENT'
          ? new AdminCommandRefused(
              'The running product does not answer on its admin channel: it may be starting or stopping; try again.',
            )
          : error,
      ),
    );
    outgoing.end(body);
  });
}
