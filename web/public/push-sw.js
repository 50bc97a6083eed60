/* global self, fetch, URL, BroadcastChannel, console */
/*
 * Web Push in Hearth's service worker: imported by the Workbox worker that vite-plugin-pwa builds
 * (web/vite.config.mts, `workbox.importScripts`), so the precached app shell stays as it is.
 *
 * - `push`: shows the notification the service sent (`{id, kind, title, body, url, …}`, see
 *   docs/notifications.md) with the actions "Done" and "Snooze 1 h".
 * - `notificationclick` without an action: focuses an open window of the app and takes it to the
 *   item, or opens one there.
 * - "Done" marks the notification read (`PATCH /notifications/{id} {read: true}`) and "Snooze 1 h"
 *   asks for it again in an hour (`POST /notifications/{id}/snooze`), both without opening a page:
 *   the worker takes an access token through the person's refresh cookie (`POST /session/refresh`),
 *   under the same Web Lock the tabs refresh under, and hands the new token to open tabs on their
 *   BroadcastChannel, so no tab rotates the cookie again behind it.
 */
const API = '/api/v1';
const LOCK = 'hearth-session-refresh';
const CHANNEL = 'hearth-session';

/** Texts of the actions, in the language the app was last used in (kept by the app in the payload's absence). */
const ACTION_TITLES = {
  en: { done: 'Done', snooze: 'Snooze 1 h' },
  de: { done: 'Erledigt', snooze: '1 Std. später' },
};

function actionTitles(language) {
  const base = String(language || (self.navigator && self.navigator.language) || 'en')
    .toLowerCase()
    .split('-')[0];
  return ACTION_TITLES[base] || ACTION_TITLES.en;
}

function readPayload(event) {
  if (!event.data) return null;
  try {
    return event.data.json();
  } catch {
    return { title: 'Hearth', body: event.data.text() };
  }
}

self.addEventListener('push', (event) => {
  const message = readPayload(event);
  if (!message) return;
  const titles = actionTitles(message.locale);
  const actions = message.id
    ? [
        { action: 'done', title: titles.done },
        { action: 'snooze', title: titles.snooze },
      ]
    : [];
  event.waitUntil(
    self.registration.showNotification(message.title || 'Hearth', {
      body: message.body || '',
      tag: message.id || undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      timestamp: message.createdDate ? Date.parse(message.createdDate) : Date.now(),
      data: { id: message.id || null, url: message.url || '/notifications' },
      actions,
    }),
  );
});

/** The path of the item inside the app (the payload's `url` may name the service's public address). */
function appPath(url) {
  try {
    const parsed = new URL(url, self.location.origin);
    return parsed.origin === self.location.origin ? parsed.pathname + parsed.search + parsed.hash : '/notifications';
  } catch {
    return '/notifications';
  }
}

async function openItem(url) {
  const path = appPath(url);
  const windows = await self.clients.matchAll({ type: 'window' });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    // an open window of the app (controlled by this worker) is taken to the item, then brought forward
    const shown = (await open.navigate(path).catch(() => null)) || open;
    await shown.focus().catch(() => undefined);
    return;
  }
  await self.clients.openWindow(path);
}

async function refreshToken() {
  const rotate = async () => {
    const response = await fetch(`${API}/session/refresh`, { method: 'POST', credentials: 'include' });
    if (!response.ok) throw new Error(`refresh answered ${response.status}`);
    const { accessToken } = await response.json();
    if (typeof BroadcastChannel !== 'undefined') {
      const channel = new BroadcastChannel(CHANNEL);
      channel.postMessage({ type: 'token', token: accessToken });
      channel.close();
    }
    return accessToken;
  };
  const locks = self.navigator && self.navigator.locks;
  return locks ? locks.request(LOCK, rotate) : rotate();
}

/** Done or Snooze 1 h for notification `id`, with the person's session. */
async function act(action, id) {
  const token = await refreshToken();
  const request =
    action === 'done'
      ? { method: 'PATCH', path: `${API}/notifications/${id}`, body: { read: true } }
      : { method: 'POST', path: `${API}/notifications/${id}/snooze`, body: { minutes: 60 } };
  const response = await fetch(request.path, {
    method: request.method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(request.body),
  });
  if (!response.ok) throw new Error(`${action} answered ${response.status}`);
}

async function handleClick(event) {
  const { id, url } = event.notification.data || {};
  event.notification.close();
  if ((event.action === 'done' || event.action === 'snooze') && id) {
    try {
      await act(event.action, id);
    } catch (error) {
      // signed out, or offline: the item is still in the inbox; open it there instead
      console.warn('Hearth: the notification action failed', error);
      await openItem(url);
    }
    return;
  }
  await openItem(url);
}

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(handleClick(event));
});
