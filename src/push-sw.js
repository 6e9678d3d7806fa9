/* global self */
/**
 * The Web Push service worker, served at the app's root (/push-sw.js; the H5
 * build copies it there, config/index.ts `copy`): shows a push's notification — the
 * payload the server sends, {title, body, path} (server/src/services/away-notifications.ts)
 * — and a click opens its path in an open tab of the app, or in a new one.
 */
self.addEventListener('push', event => {
  let payload = { title: 'OpenRealm', body: '', path: '/' }
  try {
    payload = { ...payload, ...event.data.json() }
  } catch {
    // a push without a readable payload still tells the member something came
  }
  event.waitUntil(self.registration.showNotification(payload.title, { body: payload.body, data: { path: payload.path }, tag: payload.path }))
})

self.addEventListener('notificationclick', event => {
  event.notification.close()
  const url = new URL(event.notification.data?.path ?? '/', self.location.origin).href
  event.waitUntil(self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(windows => {
    const open = windows.find(client => new URL(client.url).origin === self.location.origin)
    return open ? open.navigate(url).then(client => (client ?? open).focus()) : self.clients.openWindow(url)
  }))
})
