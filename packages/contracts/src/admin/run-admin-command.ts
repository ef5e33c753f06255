import { z } from 'zod';

/**
 * What `npm run operator:create`, `provider:member`, `db:migrate`, `db:seed` and `db:backup` ask
 * of the running product on the embedded database, through its local admin channel (a socket
 * only the product's own user may open; never on a public port, so not in the OpenAPI document).
 */
export const ZRunAdminCommandRequestSchema = z.discriminatedUnion('command', [
  z.object({
    command: z.literal('create-operator'),
    identifier: z.string().trim().min(1).max(320),
    /** Absent on a first ask: the answer says whether a new account needs one. */
    password: z.string().max(1024).optional(),
  }),
  z.object({
    command: z.literal('add-provider-member'),
    identifier: z.string().trim().min(1).max(320),
    shop: z.string().trim().min(1).max(200),
  }),
  z.object({ command: z.literal('migrate'), seed: z.boolean() }),
  z.object({
    command: z.literal('backup'),
    /** An absolute path on the product's machine, where the product writes the backup. */
    file: z.string().min(2).max(4096).startsWith('/'),
  }),
]);
export type RunAdminCommandRequest = z.infer<typeof ZRunAdminCommandRequestSchema>;

export const ZRunAdminCommandResponseSchema = z.object({
  /** What to tell the person who ran the command, a line each. */
  messages: z.array(z.string()),
  /** create-operator: no account has this identifier yet, ask again with a password. */
  needsPassword: z.boolean().optional(),
});
export type RunAdminCommandResponse = z.infer<typeof ZRunAdminCommandResponseSchema>;
