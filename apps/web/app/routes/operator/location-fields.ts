/** A location's form as typed, for its page (browser) and its action (server). */
export interface LocationValues {
  name: string;
  slug: string;
  kind: string;
  parentId: string;
  countryCode: string;
  timezone: string;
  latitude: string;
  longitude: string;
  isActive: boolean;
}
export type LocationField = keyof LocationValues;
