import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZInterfaceLocaleSchema } from '../interface-locales.ts';
import { CONTROL_CHARACTER_MESSAGE, multiLine, NO_CONTROL_CHARACTERS, pastDate, singleLine } from '../text.ts';
import { ZPersonNameSchema } from './fields.ts';
import { ZMeSchema } from './get-me.ts';
import { GENDERS } from './user.ts';

const optionalText = (max: number, text: typeof singleLine = singleLine) =>
  text()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * Replaces the profile (PUT /user/me). A field left out or empty is cleared; the sign-in
 * identifier is changed through PUT /account/update instead (docs/product/accounts.md, profile
 * and sign-in details).
 */
export const ZUpdateMeRequestSchema = z.object({
  name: ZPersonNameSchema,
  surname: ZPersonNameSchema,
  email: optionalText(254),
  phone: optionalText(32),
  gender: z
    .enum(GENDERS, 'Choose one of female, male, other, undisclosed')
    .nullish()
    .transform((value) => value ?? null),
  bio: optionalText(500, multiLine),
  dateOfBirth: pastDate()
    .nullish()
    .transform((value) => value ?? null),
  avatarUrl: z
    .url({ protocol: /^https$/, error: 'Use an https:// address' })
    .max(2048)
    .regex(NO_CONTROL_CHARACTERS, CONTROL_CHARACTER_MESSAGE)
    .nullish()
    .transform((value) => value ?? null),
  locale: ZInterfaceLocaleSchema.optional(),
});
export type UpdateMeRequest = z.infer<typeof ZUpdateMeRequestSchema>;

export const ZUpdateMeResponseSchema = dataEnvelope(ZMeSchema);

export const updateMeEndpoint = defineEndpoint({
  api: 'auth',
  method: 'PUT',
  path: '/user/me',
  tags: ['auth'],
  summary: 'Replace the profile of the signed-in user',
  access: 'signed-in',
  body: ZUpdateMeRequestSchema,
  success: { 200: ZUpdateMeResponseSchema },
  refusals: [400, 401],
});
