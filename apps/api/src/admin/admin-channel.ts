import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type RunAdminCommandRequest,
  type RunAdminCommandResponse,
  ZRunAdminCommandRequestSchema,
  ZRunAdminCommandResponseSchema,
} from '@malewa/contracts/admin/run-admin-command';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../app-error.ts';
import { registerErrorHandling } from '../plugins/error-handler.ts';

/**
 * The running product's admin channel (decision 30): on the embedded database only this process
 * may open the data folder, so `npm run operator:create` and the other admin commands ask it
 * to do their work. It listens on a Unix socket beside the data folder, which only the
 * product's own user may open (mode 0600), and takes a command only with the token written in
 * the folder's lock file (mode 0600 too). It is never on a TCP port.
 */
export interface AdminChannel {
  socket: string;
  token: string;
  close(): Promise<void>;
}

/** Unix socket paths are limited to about 100 bytes; a deep DATA_DIR gets one in the temp folder. */
export function adminSocketPath(dataRoot: string): string {
  const beside = join(dataRoot, 'admin.sock');
  if (Buffer.byteLength(beside) <= 100) return beside;
  const digest = createHash('sha256').update(dataRoot).digest('hex').slice(0, 16);
  return join(tmpdir(), `malewa-admin-${digest}.sock`);
}

export async function startAdminChannel(options: {
  socket: string;
  run: (request: RunAdminCommandRequest) => Promise<RunAdminCommandResponse>;
  logger: FastifyBaseLogger;
}): Promise<AdminChannel> {
  const token = randomBytes(32).toString('base64url');
  const expected = Buffer.from(`Bearer ${token}`);
  const app = Fastify({ loggerInstance: options.logger, bodyLimit: 16_384 }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.addHook('onRequest', async (request) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new AppError('UNAUTHENTICATED', 'The admin token is not this process’s.');
    }
  });
  app.post(
    '/commands',
    { schema: { body: ZRunAdminCommandRequestSchema, response: { 200: ZRunAdminCommandResponseSchema } } },
    async (request) => {
      request.log.info({ command: request.body.command }, 'admin command');
      return options.run(request.body);
    },
  );
  // A socket file left by a process killed earlier (this process holds the folder's lock now).
  rmSync(options.socket, { force: true });
  await app.listen({ path: options.socket });
  chmodSync(options.socket, 0o600);
  return {
    socket: options.socket,
    token,
    close: async () => {
      await app.close();
      rmSync(options.socket, { force: true });
    },
  };
}
