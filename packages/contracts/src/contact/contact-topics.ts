/**
 * What a message to Malewa's support team is about; it decides who reads it first. Kept apart
 * from the Zod schemas so that the contact page's browser code can list the topics without
 * shipping Zod (about 20 KB brotli) to shoppers on 2G.
 */
export const CONTACT_TOPICS = [
  'order',
  'delivery',
  'payment',
  'partnership',
  'food-safety',
  'account',
  'other',
] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];
