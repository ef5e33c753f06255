import type { NotificationPreferences } from '@malewa/contracts/account/notification-preferences';
import { useEffect, useState } from 'react';
import { Form, useFetcher } from 'react-router';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import {
  type BrowserSubscription,
  currentSubscription,
  pushSupported,
  subscribe,
  unsubscribe,
} from '#app/platform/notifications/web-push.ts';
import { CSRF_FIELD, CsrfField, useCsrfToken } from '#app/platform/session/csrf-field.tsx';
import { LtrText } from '#app/ui/ltr-text.tsx';
import { useHydrated } from '#app/ui/use-hydrated.ts';
import type { Route } from './+types/account-notifications';
import {
  type ChannelValues,
  loadNotificationsPage,
  type NotificationsOutcome,
  submitNotificationsPage,
} from './account-notifications.server.ts';

export function loader({ url, request, context }: Route.LoaderArgs) {
  return loadNotificationsPage(url, request, context);
}

export function action({ url, request, context }: Route.ActionArgs) {
  return submitNotificationsPage(url, request, context);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

/**
 * `/account/notifications` (issue 33): besides the bell, which always rings, how the shopper
 * hears of each step of their orders: email, SMS, push. A plain form that works without
 * JavaScript; with it, and a browser that has Web Push, a button turns notifications on (or off)
 * on this phone.
 */
export default function NotificationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { preferences, contacts } = loaderData;
  const outcome = actionData as NotificationsOutcome | undefined;
  const failed = outcome?.intent === 'save' && outcome.status !== 'done';
  const values: ChannelValues = failed && 'values' in outcome ? outcome.values : preferences;
  return (
    <div className="account-page notifications-page">
      <h1>{t('account.notifications.title')}</h1>
      <p>{t('account.notifications.intro')}</p>
      {failed && (
        <p className="notice notice-error" role="alert">
          {t('account.notifications.failed')}
        </p>
      )}
      <Form method="post" className="notification-channels">
        <CsrfField />
        <input type="hidden" name="intent" value="save" />
        <fieldset>
          <legend>{t('account.notifications.channels')}</legend>
          <Channel
            name="email"
            checked={values.email}
            label={t('account.notifications.email')}
            hint={contacts.email ? t('account.notifications.sentTo') : t('account.notifications.emailNone')}
            to={contacts.email}
          />
          <Channel
            name="sms"
            checked={values.sms}
            label={t('account.notifications.sms')}
            hint={contacts.phone ? t('account.notifications.sentTo') : t('account.notifications.smsNone')}
            to={contacts.phone}
          />
          <Channel
            name="push"
            checked={values.push}
            label={t('account.notifications.push')}
            hint={t('account.notifications.pushDevices', { count: preferences.pushDevices })}
            to={null}
          />
        </fieldset>
        <button type="submit" className="button">
          {t('account.notifications.save')}
        </button>
      </Form>
      <ThisPhone preferences={preferences} />
    </div>
  );
}

function Channel(props: { name: string; checked: boolean; label: string; hint: string; to: string | null }) {
  const id = `channel-${props.name}`;
  return (
    <div className="notification-channel">
      <input type="checkbox" id={id} name={props.name} defaultChecked={props.checked} aria-describedby={`${id}-hint`} />
      <label htmlFor={id}>{props.label}</label>
      <p id={`${id}-hint`} className="field-hint">
        {props.hint}
        {props.to ? (
          <>
            {' '}
            <LtrText breakable>{props.to}</LtrText>
          </>
        ) : null}
      </p>
    </div>
  );
}

type PhoneState = 'checking' | 'off' | 'on' | 'working' | 'denied' | 'failed';

/**
 * This browser's push: shown only with JavaScript and a browser that can (a page without it
 * never shows a dead button). Turning on asks the browser's permission, subscribes with the
 * installation's key and posts the subscription to the page's action.
 */
function ThisPhone({ preferences }: { preferences: NotificationPreferences }) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const csrf = useCsrfToken();
  const fetcher = useFetcher<NotificationsOutcome>({ key: 'push-subscription' });
  const [state, setState] = useState<PhoneState>('checking');
  const supported = hydrated && pushSupported();

  useEffect(() => {
    if (!supported) return;
    currentSubscription()
      .then((subscription) => setState(subscription ? 'on' : 'off'))
      .catch(() => setState('off'));
  }, [supported]);

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    if (fetcher.data.status !== 'done') setState('failed');
    else setState(fetcher.data.intent === 'unsubscribe' ? 'off' : 'on');
  }, [fetcher.state, fetcher.data]);

  if (!supported || state === 'checking') return null;

  const post = (intent: 'subscribe' | 'unsubscribe', subscription: Partial<BrowserSubscription>) =>
    fetcher.submit({ [CSRF_FIELD]: csrf, intent, ...subscription }, { method: 'post' });

  const turnOn = async () => {
    setState('working');
    try {
      const subscription = await subscribe(preferences.pushKey);
      if (subscription === 'denied') return setState('denied');
      await post('subscribe', subscription);
    } catch {
      setState('failed');
    }
  };
  const turnOff = async () => {
    setState('working');
    try {
      const endpoint = await unsubscribe();
      if (endpoint) await post('unsubscribe', { endpoint });
      else setState('off');
    } catch {
      setState('failed');
    }
  };

  return (
    <section className="this-phone" aria-labelledby="this-phone-title">
      <h2 id="this-phone-title">{t('account.notifications.thisPhone')}</h2>
      <p aria-live="polite">
        {state === 'on'
          ? t('account.notifications.on')
          : state === 'denied'
            ? t('account.notifications.denied')
            : state === 'failed'
              ? t('account.notifications.pushFailed')
              : t('account.notifications.off')}
      </p>
      {state === 'on' ? (
        <button type="button" className="button button-secondary" onClick={turnOff}>
          {t('account.notifications.turnOff')}
        </button>
      ) : (
        <button type="button" className="button" onClick={turnOn} disabled={state === 'working'}>
          {t('account.notifications.turnOn')}
        </button>
      )}
    </section>
  );
}
