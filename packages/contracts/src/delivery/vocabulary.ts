/** How a rider travels: it sets the speed an ETA assumes before positions say better. */
export const VEHICLES = ['bicycle', 'motorbike', 'car', 'on_foot'] as const;
export type Vehicle = (typeof VEHICLES)[number];

/** Speed assumed for an ETA before a rider's recent positions give one (km/h, in town). */
export const ASSUMED_SPEED_KMH: Readonly<Record<Vehicle, number>> = {
  bicycle: 14,
  motorbike: 22,
  car: 20,
  on_foot: 5,
};

/**
 * A delivery job's way (docs/decisions/0034): searching (offered to riders one after another)
 * → assigned → picked_up → delivered; cancelled when its order is, or when the shop delivers
 * it itself.
 */
export const JOB_STATUSES = ['searching', 'assigned', 'picked_up', 'delivered', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** What became of an offer of a job to one rider. */
export const OFFER_ANSWERS = ['accepted', 'declined', 'expired', 'gone'] as const;
export type OfferAnswer = (typeof OFFER_ANSWERS)[number];

/** After this many wrong delivery codes the rider can no longer complete the job alone. */
export const MAX_CODE_TRIES = 5;

/** The order chat's ready-made messages: one tap on a phone, in the reader's language. */
export const QUICK_REPLIES = ['at-the-gate', 'call-me', 'on-my-way', 'running-late', 'thank-you'] as const;
export type QuickReply = (typeof QUICK_REPLIES)[number];

/** Who wrote a chat message, as the others see it. */
export const CHAT_AUTHORS = ['shopper', 'shop', 'rider', 'operator'] as const;
export type ChatAuthor = (typeof CHAT_AUTHORS)[number];
