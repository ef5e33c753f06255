import { z } from 'zod';
import { PROVIDER_KINDS, SERVICE_IDS } from '../catalog/vocabulary.ts';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZInterfaceLocaleSchema } from '../interface-locales.ts';
import { multiLine, singleLine } from '../text.ts';
import { ZApplicationSchema } from './application.ts';
import { APPLICATIONS_PER_ACCOUNT_PER_DAY, APPLICATIONS_PER_ADDRESS_PER_DAY, DOCUMENT_KINDS } from './join-rules.ts';

/** Minutes after midnight; a day's range may end at 24:00 (1440). */
const minute = z.number().int().min(0).max(1440);

/**
 * `POST /api/{service}/join` (docs/product/providers.md, joining), a multipart form from a
 * signed-in account: the part `application` is this JSON; each document is a file part named by
 * its kind (`id`, `food-safety`, `trading`). The market is the city's.
 */
export const ZApplyToJoinRequestSchema = z
  .object({
    kind: z.enum(PROVIDER_KINDS),
    businessName: singleLine().trim().min(2, 'Enter the name shoppers will see').max(80),
    contactName: singleLine().trim().min(2, 'Enter who we should talk to').max(80),
    phone: singleLine().trim().min(6, 'Enter a phone number we can call').max(20),
    email: z.email('Enter an email address we can write to').max(254),
    cityId: z.uuid('Choose your city'),
    area: singleLine().trim().min(2, 'Enter the area or suburb').max(80),
    street: singleLine().trim().min(2, 'Enter the street and number, or a landmark').max(120),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    hours: z
      .array(z.array(z.tuple([minute, minute]).refine(([open, close]) => open < close, 'Closing comes after opening')))
      .length(7),
    description: multiLine().trim().min(20, 'Tell shoppers a little more (20 characters or more)').max(1000),
    /** The language the applicant wrote in: the description's, and that of our answers. */
    locale: ZInterfaceLocaleSchema.default('en'),
  })
  .strict();
export type ApplyToJoinRequest = z.infer<typeof ZApplyToJoinRequestSchema>;

/** The multipart form as the OpenAPI document shows it. */
export const ZApplyToJoinFormSchema = z.object({
  application: z.string().describe('The application as JSON (ApplyToJoinRequest)'),
  ...Object.fromEntries(
    DOCUMENT_KINDS.map((kind) => [
      kind,
      z.string().meta({ format: 'binary' }).optional().describe(`A PDF, JPEG or PNG, at most 5 MB (${kind})`),
    ]),
  ),
});

export const ZApplyToJoinResponseSchema = dataEnvelope(ZApplicationSchema);

/**
 * A document refused for itself, for the form to point at it: larger than 5 MB (a 413), or not a
 * PDF, JPEG or PNG by its content (a 415).
 */
export const ZApplyToJoinProblemSchema = z.discriminatedUnion('code', [
  z.object({ code: z.literal('document_too_large'), document: z.enum(DOCUMENT_KINDS) }),
  z.object({ code: z.literal('document_type'), document: z.enum(DOCUMENT_KINDS) }),
]);
export type ApplyToJoinProblem = z.infer<typeof ZApplyToJoinProblemSchema>;

export const ZApplyToJoinParamsSchema = z.object({ service: z.enum(SERVICE_IDS) });

export const applyToJoinEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/:service/join',
  tags: ['join'],
  summary: 'Apply to join a service as a provider',
  description:
    'A multipart form: the part `application` is the JSON of ApplyToJoinRequest; the documents are file parts ' +
    'named `id` (required), `food-safety` or `trading` (one of them required except for Cookbook): PDF, JPEG ' +
    'or PNG by content, 5 MB each at most. One live application per account and service (a second is a 409); ' +
    `${APPLICATIONS_PER_ACCOUNT_PER_DAY} applications per account and ${APPLICATIONS_PER_ADDRESS_PER_DAY} per client ` +
    'address a day (then a 429).',
  access: 'signed-in',
  params: ZApplyToJoinParamsSchema,
  bodyType: 'multipart/form-data',
  body: ZApplyToJoinFormSchema,
  success: { 201: ZApplyToJoinResponseSchema },
  refusals: [400, 401, 409, 413, 415, 429],
  problems: ZApplyToJoinProblemSchema,
});
