/**
 * Whether a chef is already booked for a span of time. The bookings are the orders' (their
 * table, `chef_bookings`, fills at checkout); a cart asks through this, wired in `app.ts` to
 * the order repository, so the carts feature does not reach into the orders'.
 */
export interface BookingCalendar {
  /** Inside a transaction, asked through it (PGlite has one connection: another would wait on it). */
  isBooked(providerId: string, startsAt: Date, endsAt: Date): Promise<boolean>;
}
