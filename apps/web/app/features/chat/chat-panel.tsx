import { QUICK_REPLIES } from '@malewa/contracts/delivery/vocabulary';
import { MAX_MESSAGE_LENGTH } from '@malewa/contracts/orders/order-message';
import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { errorOf, keptValue } from '#app/platform/forms/form-outcome.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import { FormField } from '#app/ui/form-field.tsx';
import { CHAT_INTENT, type ChatOutcome, type ChatView } from './chat-view.ts';

/**
 * An order's chat (issue 33): its messages oldest first, the reader's own on the far side, a
 * quick reply in one tap and a text. Plain forms posting to the page's action (`submitChatForm`
 * there), so it works without JavaScript; with it, a fetcher sends without leaving the page and
 * the page's live stream brings the others' messages (the page revalidates on `message`).
 * `outcome` is the page's action data after a post without JavaScript. `collapsed` draws it as
 * a disclosure showing how many messages it holds (the shop's board: one per order), open when
 * `open` says so (the chat just written in).
 */
export function ChatPanel({
  chat,
  outcome,
  action,
  collapsed = false,
  open = false,
}: {
  chat: ChatView;
  outcome?: unknown;
  /** Where the forms post (the page itself by default: `?shop=…` on the board). */
  action?: string | undefined;
  collapsed?: boolean;
  open?: boolean;
}) {
  const { t } = useI18n();
  const id = `chat-${chat.orderId}`;
  const body = <ChatBody chat={chat} outcome={outcome} action={action} />;
  if (!collapsed) {
    return (
      <section className="chat order-card" id={id} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{t('commerce.chat.title')}</h2>
        {body}
      </section>
    );
  }
  return (
    <details className="chat chat-collapsed" id={id} open={open || undefined}>
      <summary>{t('commerce.chat.summary', { count: chat.messages.length })}</summary>
      {body}
    </details>
  );
}

function ChatBody({ chat, outcome, action }: { chat: ChatView; outcome: unknown; action: string | undefined }) {
  const { t } = useI18n();
  const fetcher = useFetcher<ChatOutcome>();
  const id = `chat-${chat.orderId}`;
  // The answer to this chat's last post: the fetcher's with JavaScript, the page's without.
  const sent = [fetcher.data, outcome].find(
    (candidate): candidate is ChatOutcome =>
      (candidate as ChatOutcome | undefined)?.intent === CHAT_INTENT && keptValue(candidate, 'order') === chat.orderId,
  );
  const compose = useRef<HTMLFormElement>(null);
  const was = useRef(fetcher.state);
  useEffect(() => {
    // Sent (the action redirected: no data): the text box empties for the next message.
    if (was.current !== 'idle' && fetcher.state === 'idle' && fetcher.data === undefined) compose.current?.reset();
    was.current = fetcher.state;
  }, [fetcher.state, fetcher.data]);
  const hidden = (
    <>
      <CsrfField />
      <input type="hidden" name="intent" value={CHAT_INTENT} />
      <input type="hidden" name="order" value={chat.orderId} />
    </>
  );
  const bodyError = errorOf<'body'>(sent, 'body');
  return (
    <>
      {chat.messages.length === 0 ? (
        <p className="card-meta">{t('commerce.chat.empty')}</p>
      ) : (
        <ol className="chat-messages" aria-label={t('commerce.chat.messages')}>
          {chat.messages.map((message) => (
            <li key={message.id} className={message.ours ? 'chat-message chat-ours' : 'chat-message'}>
              <p className="chat-byline">
                <bdi>{message.ours ? t('commerce.chat.you') : message.authorName}</bdi> ·{' '}
                {t(`commerce.chat.author.${message.author}`)} · <span className="chat-time">{message.time}</span>
              </p>
              {message.body !== null ? (
                <p className="chat-text" dir="auto">
                  {message.body}
                </p>
              ) : (
                <p className="chat-text chat-quick-text">
                  {message.quickReply && t(`commerce.chat.quick.${message.quickReply}`)}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
      {sent?.status === 'refused' && (
        <p className="notice notice-error" role="alert">
          {t(sent.reason)}
        </p>
      )}
      {sent?.status === 'rate-limited' && (
        <p className="notice notice-error" role="alert">
          {t('commerce.chat.error.rateLimited', { minutes: sent.minutes })}
        </p>
      )}
      {(sent?.status === 'failed' || sent?.status === 'network-error') && (
        <p className="notice notice-error" role="alert">
          {t('commerce.chat.error.failed')}
        </p>
      )}
      {chat.writable ? (
        <>
          <fetcher.Form method="post" action={action} preventScrollReset className="chat-quick">
            {hidden}
            <fieldset className="chat-quick-set">
              <legend className="chat-quick-title">{t('commerce.chat.quickTitle')}</legend>
              <div className="chat-chips">
                {QUICK_REPLIES.map((reply) => (
                  <button key={reply} type="submit" name="quickReply" value={reply} className="button-quiet chat-chip">
                    {t(`commerce.chat.quick.${reply}`)}
                  </button>
                ))}
              </div>
            </fieldset>
          </fetcher.Form>
          <fetcher.Form method="post" action={action} preventScrollReset className="chat-compose" ref={compose}>
            {hidden}
            <FormField id={`${id}-body`} label={t('commerce.chat.label')} error={bodyError}>
              {(props) => (
                <textarea
                  {...props}
                  name="body"
                  rows={2}
                  maxLength={MAX_MESSAGE_LENGTH}
                  required
                  dir="auto"
                  defaultValue={sent && sent.status !== 'done' ? keptValue(sent, 'body') : ''}
                />
              )}
            </FormField>
            <button type="submit" disabled={fetcher.state !== 'idle' || undefined}>
              {t('commerce.chat.send')}
            </button>
          </fetcher.Form>
          <p className="card-meta">
            {chat.writableUntil
              ? t('commerce.chat.openUntil', { when: chat.writableUntil })
              : t('commerce.chat.openWhile')}
          </p>
        </>
      ) : (
        <p className="card-meta">{t(chat.as === 'operator' ? 'commerce.chat.readOnly' : 'commerce.chat.closed')}</p>
      )}
    </>
  );
}
