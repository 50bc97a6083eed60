/**
 * Web Push on this device: the browser's permission prompt (only once the person asks for push),
 * the service worker's PushManager subscription with the installation's VAPID key, and its record
 * at the service. Turning push off unsubscribes the device and removes the record.
 */
import { pushApi } from './api';
import { keyBytes, sameKey } from './push-key';

/** how long the browser's push service may take to subscribe this device */
const SUBSCRIBE_TIMEOUT_MS = 20_000;

export type PushProblem = 'unsupported' | 'denied';

export class PushUnavailable extends Error {
  constructor(readonly reason: PushProblem) {
    super(reason);
  }
}

/** Whether this browser can receive Web Push at all (a service worker, PushManager, notifications). */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
}

/** This device's current subscription, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const existing = await navigator.serviceWorker.getRegistration();
  return existing ? existing.pushManager.getSubscription() : null;
}

/**
 * Asks for permission (the prompt appears now, never before), subscribes with the service's VAPID
 * key (a subscription made with another key is replaced) and registers it with the service.
 */
export async function subscribePush(): Promise<void> {
  if (!pushSupported()) throw new PushUnavailable('unsupported');
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') throw new PushUnavailable('denied');
  const [reg, publicKey] = await Promise.all([registration(), pushApi.publicKey()]);
  const key = keyBytes(publicKey);
  let subscription = await reg.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  // a browser without a push service (Chrome's private windows) may never answer: give up after a while
  subscription ??= await Promise.race([
    reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
    new Promise<never>((_, reject) => setTimeout(() => reject(new PushUnavailable('unsupported')), SUBSCRIBE_TIMEOUT_MS)),
  ]);
  const json = subscription.toJSON();
  await pushApi.subscribe({ endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } });
}

/**
 * Unsubscribes this device and removes its record; answers how many other devices of the person
 * still receive push.
 */
export async function unsubscribePush(): Promise<number> {
  const subscription = await currentSubscription();
  const records = await pushApi.subscriptions();
  const mine = subscription ? records.find((record) => record.endpoint === subscription.endpoint) : undefined;
  if (mine) await pushApi.unsubscribe(mine.id);
  await subscription?.unsubscribe();
  return records.filter((record) => record !== mine).length;
}

/** Whether this device is subscribed and the service knows it. */
export async function deviceSubscribed(): Promise<boolean> {
  const subscription = await currentSubscription();
  if (!subscription) return false;
  const records = await pushApi.subscriptions();
  return records.some((record) => record.endpoint === subscription.endpoint);
}
