/**
 * Registers the service worker vite-plugin-pwa builds as /sw.js (offline app shell). Production
 * builds only: under the dev server a worker would keep serving stale modules.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // Offline support is an extra: a browser that refuses the worker still runs the site.
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  // After the load event, so the worker's precache downloads never compete with the first page.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
