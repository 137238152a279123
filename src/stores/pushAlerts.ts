import { map } from 'nanostores';
import { deletePushSubscription, fetchPushKey, savePushSubscription } from '../api/notifications.ts';
import { userMessage } from '../api/userMessage.ts';
import { requireCredentials } from './authData.ts';
import { $accountStatus } from './auth/account.ts';

/** What /push/alerts/ shows. */
export type PushView =
  | { kind: 'checking' }
  | { kind: 'unsupported' }
  | { kind: 'signedOut' }
  | { kind: 'blocked' }
  | { kind: 'off' }
  | { kind: 'on' }
  | { kind: 'failed'; message: string };

/** The page's state: the view, and busy while asking. */
export const $pushAlerts = map<{ view: PushView; busy: boolean }>({ view: { kind: 'checking' }, busy: false });

/** The service worker that shows pushes (public/push-sw.js). */
export const PUSH_WORKER = '/push-sw.js';

/** What the browser gives the page for push; tests put a fake here. */
export type PushPlatform = {
  supported: boolean;
  permission(): NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  registration(): Promise<ServiceWorkerRegistration>;
};

/** The real browser. */
export function browserPush(): PushPlatform {
  const supported = typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  return {
    supported,
    permission: () => Notification.permission,
    requestPermission: () => Notification.requestPermission(),
    registration: async () => {
      await navigator.serviceWorker.register(PUSH_WORKER, { scope: '/' });
      return navigator.serviceWorker.ready;
    },
  };
}

/** The VAPID key as PushManager wants it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Looks at what the browser and the account allow and whether this browser is subscribed already. */
export async function openPushAlerts(platform: PushPlatform = browserPush()): Promise<void> {
  if (!platform.supported) return $pushAlerts.setKey('view', { kind: 'unsupported' });
  if ($accountStatus.get() !== 'signedIn') return $pushAlerts.setKey('view', { kind: 'signedOut' });
  if (platform.permission() === 'denied') return $pushAlerts.setKey('view', { kind: 'blocked' });
  try {
    const registration = await platform.registration();
    const existing = await registration.pushManager.getSubscription();
    $pushAlerts.setKey('view', { kind: existing === null ? 'off' : 'on' });
  } catch (error) {
    $pushAlerts.setKey('view', { kind: 'failed', message: userMessage(error) });
  }
}

/** Asks for permission, subscribes this browser with our VAPID key and gives the subscription to the API. */
export async function turnPushOn(platform: PushPlatform = browserPush()): Promise<void> {
  if ($pushAlerts.get().busy) return;
  $pushAlerts.setKey('busy', true);
  try {
    const permission = await platform.requestPermission();
    if (permission !== 'granted') {
      $pushAlerts.setKey('view', { kind: permission === 'denied' ? 'blocked' : 'off' });
      return;
    }
    const registration = await platform.registration();
    const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(await fetchPushKey()) });
    const json = subscription.toJSON();
    await savePushSubscription(requireCredentials(), { endpoint: subscription.endpoint, p256dh: json.keys?.['p256dh'] ?? '', auth: json.keys?.['auth'] ?? '' });
    $pushAlerts.setKey('view', { kind: 'on' });
  } catch (error) {
    $pushAlerts.setKey('view', {
      kind: 'failed',
      message: error instanceof DOMException ? 'Браузер не смог подключить уведомления: служба уведомлений браузера недоступна. Попробуйте позже' : userMessage(error),
    });
  } finally {
    $pushAlerts.setKey('busy', false);
  }
}

/** Unsubscribes this browser and tells the API to forget it. */
export async function turnPushOff(platform: PushPlatform = browserPush()): Promise<void> {
  if ($pushAlerts.get().busy) return;
  $pushAlerts.setKey('busy', true);
  try {
    const registration = await platform.registration();
    const subscription = await registration.pushManager.getSubscription();
    if (subscription !== null) {
      await deletePushSubscription(requireCredentials(), subscription.endpoint);
      await subscription.unsubscribe();
    }
    $pushAlerts.setKey('view', { kind: 'off' });
  } catch (error) {
    $pushAlerts.setKey('view', { kind: 'failed', message: userMessage(error) });
  } finally {
    $pushAlerts.setKey('busy', false);
  }
}
