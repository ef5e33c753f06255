import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { ZInterfaceLocaleSchema } from '../interface-locales.ts';
import { ZPersonNameSchema } from './fields.ts';
import { ZMeSchema } from './get-me.ts';
import { GENDERS } from './user.ts';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * Replaces the profile (spec §7 PUT /user/me). A field left out or empty is cleared; the sign-in
 * identifier is changed through PUT /account/update instead.
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
  bio: optionalText(500),
  dateOfBirth: z.iso
    .date('Use the form YYYY-MM-DD')
    .nullish()
    .transform((value) => value ?? null),
  avatarUrl: z
    .url({ protocol: /^https$/, error: 'Use an https:// address' })
    .max(2048)
    .nullish()
    .transform((value) => value ?? null),
  locale: ZInterfaceLocaleSchema.optional(),
});
export type UpdateMeRequest = z.infer<typeof ZUpdateMeRequestSchema>;

export const ZUpdateMeResponseSchema = dataEnvelope(ZMeSchema);
