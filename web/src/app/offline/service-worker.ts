/**
 * Registers the service worker (vite-plugin-pwa's Workbox worker, which precaches the app shell),
 * loaded after the first paint. A new version waits until the person agrees to reload: `onUpdate`
 * gets the function that switches to it.
 */
import { registerSW } from 'virtual:pwa-register';

export function registerServiceWorker(onUpdate: (reload: () => void) => void): void {
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    onNeedRefresh: () => onUpdate(() => void update(true)),
  });
}
