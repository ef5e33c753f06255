import { Form } from 'react-router';
import { ChatPanel } from '#app/features/chat/chat-panel.tsx';
import type { ChatView } from '#app/features/chat/chat-view.ts';
import { useLiveBoard } from '#app/features/provider/use-live-board.ts';
import { errorOf, keptValue } from '#app/platform/forms/form-outcome.ts';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { I18nScope, useI18n } from '#app/platform/i18n/i18n-context.tsx';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import chatStyles from '#app/styles/chat.css?url';
import { LtrText } from '#app/ui/ltr-text.tsx';
import type { Route } from './+types/orders-page';
import type { AssignableRider } from './board-delivery.server.ts';
import { BoardDeliveryPanel } from './board-delivery.tsx';
import { type BoardOrder, type BoardOutcome, loadBoard, moveBoardOrder } from './orders-page.server.ts';

export function loader({ url, request, context }: Route.LoaderArgs) {
  return loadBoard(url, request, context);
}

export function action({ url, request, context }: Route.ActionArgs) {
  return moveBoardOrder(url, request, context);
}

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: chatStyles }];

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

/**
 * The live order board (docs/product/providers.md, provider console): new orders ring and show
 * at once; accept with a preparation time, reject with a reason, move on through the statuses.
 * Plain forms: without JavaScript it works too, reloaded by hand.
 */
export default function OrdersBoard(props: Route.ComponentProps) {
  return (
    <I18nScope bundles={props.loaderData.messageBundles}>
      <Board {...props} />
    </I18nScope>
  );
}

function Board({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { shop } = loaderData;
  const rung = useLiveBoard(shop.id);
  const outcome = actionData as BoardOutcome | undefined;
  // The card whose reason was refused shows why.
  const refusedOrder = keptValue(outcome, 'order');
  const refusal = errorOf(outcome, 'reason');
  const column = (title: string, orders: BoardOrder[], id: string) => (
    <section className="board-column" aria-labelledby={id}>
      <h2 id={id}>
        {title} <span className="board-count">{orders.length}</span>
      </h2>
      {orders.length === 0 ? (
        <p className="card-meta">{t('provider.orders.none')}</p>
      ) : (
        <ul className="order-list">
          {orders.map((order) => (
            <BoardCard
              key={order.id}
              order={order}
              shopId={shop.id}
              prepChoices={loaderData.prepChoices}
              error={refusedOrder === order.id ? refusal : undefined}
              chat={loaderData.chats[order.id]}
              chatOpen={loaderData.openChat === order.id}
              outcome={outcome}
              riders={loaderData.riders}
            />
          ))}
        </ul>
      )}
    </section>
  );
  return (
    <section className="commerce-page operator-page" aria-labelledby="board-title">
      <h1 id="board-title">{t('provider.orders.title', { shop: shop.name })}</h1>
      <p className="card-meta">{t('provider.orders.live')}</p>
      <p className={rung > 0 ? 'notice notice-success board-ring' : 'visually-hidden'} role="status">
        {rung > 0 ? t('provider.orders.ring') : ''}
      </p>
      <div className="board">
        {column(t('provider.orders.new'), loaderData.fresh, 'board-new')}
        {column(t('provider.orders.active'), loaderData.active, 'board-active')}
        {column(t('provider.orders.done'), loaderData.done, 'board-done')}
      </div>
    </section>
  );
}

function BoardCard({
  order,
  shopId,
  prepChoices,
  error,
  chat,
  chatOpen,
  outcome,
  riders,
}: {
  order: BoardOrder;
  shopId: string;
  prepChoices: number[];
  error: MessageKey | undefined;
  chat: ChatView | undefined;
  chatOpen: boolean;
  outcome: unknown;
  riders: readonly AssignableRider[];
}) {
  const { t } = useI18n();
  const action = `?shop=${shopId}`;
  return (
    <li className={`order-card board-card board-${order.status}`} aria-labelledby={`board-order-${order.id}`}>
      <h3 id={`board-order-${order.id}`}>
        {t('provider.order.number', { number: order.number })}{' '}
        <span className={`order-status order-status-${order.status}`}>{order.statusLabel}</span>
      </h3>
      <p className="card-meta">
        {t('provider.order.placedAt', { time: order.placedAt })}
        {order.scheduledFor && <> · {t('provider.order.scheduledFor', { time: order.scheduledFor })}</>}
      </p>
      <ul className="board-lines">
        {order.lines.map((line, index) => (
          // Lines have no id of their own; their order is the order's.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <li key={index}>
            <LtrText>{`${line.quantity} ×`}</LtrText> <bdi>{line.name}</bdi>
            {line.choices && (
              <span className="card-meta">
                {' '}
                (<bdi>{line.choices}</bdi>)
              </span>
            )}
          </li>
        ))}
      </ul>
      <p>
        <strong>
          <bdi>{order.total}</bdi>
        </strong>{' '}
        · {order.payment}
      </p>
      <p>{t('provider.order.deliverTo', { place: order.place })}</p>
      {order.instructions && (
        <p className="card-meta" dir="auto">
          {order.instructions}
        </p>
      )}
      {order.rejectReason && <p>{t('provider.order.rejectedBecause', { reason: order.rejectReason })}</p>}
      {order.missed && <p>{t('provider.order.missed')}</p>}
      {order.delivery && (
        <BoardDeliveryPanel
          orderId={order.id}
          delivery={order.delivery}
          riders={riders}
          action={action}
          outcome={outcome}
        />
      )}
      {order.status === 'placed' && (
        <div className="board-actions">
          <Form method="post" action={action} className="board-accept">
            <CsrfField />
            <input type="hidden" name="order" value={order.id} />
            <label>
              {t('provider.order.prep')}{' '}
              <select name="prepMinutes" defaultValue="20">
                {prepChoices.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {t('provider.order.minutes', { count: minutes })}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" name="intent" value="accept">
              {t('provider.order.accept')}
            </button>
          </Form>
          <Form method="post" action={action} className="board-reject">
            <CsrfField />
            <input type="hidden" name="order" value={order.id} />
            <label htmlFor={`reject-${order.id}`}>{t('provider.order.rejectReason')}</label>
            {error && (
              <p className="field-error" id={`reject-${order.id}-error`}>
                {t(error)}
              </p>
            )}
            <input
              id={`reject-${order.id}`}
              name="reason"
              maxLength={300}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `reject-${order.id}-error` : undefined}
            />
            <button type="submit" name="intent" value="reject" className="button-quiet">
              {t('provider.order.reject')}
            </button>
          </Form>
        </div>
      )}
      {order.next && (
        <Form method="post" action={action}>
          <CsrfField />
          <input type="hidden" name="order" value={order.id} />
          <input type="hidden" name="to" value={order.next} />
          <button type="submit" name="intent" value="advance">
            {t(`provider.order.advance.${order.next}` as 'provider.order.advance.preparing')}
          </button>
        </Form>
      )}
      {chat && <ChatPanel chat={chat} outcome={outcome} action={action} collapsed open={chatOpen} />}
    </li>
  );
}
