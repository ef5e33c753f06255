import type { Order } from '@malewa/contracts/orders/order';
import { listUpcomingOrders } from '#app/features/provider/provider-api.server.ts';
import { currentShop } from '#app/features/provider/provider-shop.server.ts';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { dateTimeFormat } from '#app/platform/i18n/intl-formats.ts';
import { localeOfPath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { formattingTag } from '#app/platform/markets/formatting-tag.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';
import { LtrText } from '#app/ui/ltr-text.tsx';
import type { Route } from './+types/calendar-page';

/** An order as a calendar entry, on the shop's clock: when, what, for how many. */
function entryOf(order: Order, tag: string, t: ReturnType<typeof translatorFor>) {
  const at = new Date(order.scheduledFor ?? order.placedAt);
  const clock = dateTimeFormat(tag, { hour: '2-digit', minute: '2-digit', timeZone: order.timeZone });
  const booking = order.lines.find((line) => line.booking)?.booking ?? null;
  return {
    id: order.id,
    day: dateTimeFormat('en-CA', { dateStyle: 'short', timeZone: order.timeZone }).format(at),
    dayLabel: dateTimeFormat(tag, { dateStyle: 'full', timeZone: order.timeZone }).format(at),
    time: clock.format(at),
    until: booking ? clock.format(new Date(booking.endsAt)) : null,
    guests: booking?.guests ?? null,
    number: order.id.slice(0, 8).toUpperCase(),
    status: order.status,
    statusLabel: t(`commerce.status.${order.status}`),
    lines: order.lines.map((line) => ({ quantity: line.quantity, name: line.name.text })),
    place: [order.address.line, order.address.area].filter(Boolean).join(', '),
  };
}

export async function loader({ url, request, context }: Route.LoaderArgs) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const { shop } = await signedInCall(url, () => currentShop(context, request, url));
  const { data } = await signedInCall(url, () => listUpcomingOrders(context, request, shop.id));
  const entries = data
    .filter((order) => order.status !== 'rejected' && order.status !== 'cancelled')
    .map((order) => entryOf(order, formattingTag(locale.iso, order.countryCode), t));
  const days: { day: string; label: string; entries: typeof entries }[] = [];
  for (const entry of entries) {
    const last = days.at(-1);
    if (last?.day === entry.day) last.entries.push(entry);
    else days.push({ day: entry.day, label: entry.dayLabel, entries: [entry] });
  }
  return { shop, days, title: `${t('provider.calendar.title', { shop: shop.name })} | ${t('site.name')}` };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

/** The calendar: scheduled deliveries and chef bookings ahead, day by day (docs/product/providers.md). */
export default function CalendarPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { shop, days } = loaderData;
  return (
    <section className="commerce-page operator-page" aria-labelledby="calendar-title">
      <h1 id="calendar-title">{t('provider.calendar.title', { shop: shop.name })}</h1>
      <p className="card-meta">{t('provider.calendar.hint')}</p>
      {days.length === 0 ? (
        <p>{t('provider.calendar.none')}</p>
      ) : (
        days.map((day) => (
          <section key={day.day} className="calendar-day" aria-labelledby={`day-${day.day}`}>
            <h2 id={`day-${day.day}`}>{day.label}</h2>
            <ol className="order-list">
              {day.entries.map((entry) => (
                <li key={entry.id} className="order-card calendar-entry">
                  <p>
                    <strong>
                      <LtrText>{entry.time}</LtrText>
                    </strong>
                    {entry.until && <> {t('provider.calendar.until', { time: entry.until })}</>} ·{' '}
                    {t('provider.order.number', { number: entry.number })}{' '}
                    <span className={`order-status order-status-${entry.status}`}>{entry.statusLabel}</span>
                  </p>
                  {entry.guests !== null && <p>{t('provider.calendar.guests', { count: entry.guests })}</p>}
                  <ul className="board-lines">
                    {entry.lines.map((line, index) => (
                      // Lines have no id of their own; their order is the order's.
                      // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                      <li key={index}>
                        <LtrText>{`${line.quantity} ×`}</LtrText> <bdi>{line.name}</bdi>
                      </li>
                    ))}
                  </ul>
                  <p className="card-meta">{t('provider.order.deliverTo', { place: entry.place })}</p>
                </li>
              ))}
            </ol>
          </section>
        ))
      )}
    </section>
  );
}
