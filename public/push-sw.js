/* Service worker of /push/alerts/: shows the pushes the API sends (server/notifications/push.ts) and opens their page on click. */
self.addEventListener('push', (event) => {
  let message = { title: 'Штрафы Онлайн', body: 'Новые начисления в вашем профиле', url: '/profile/' };
  try {
    if (event.data) message = { ...message, ...event.data.json() };
  } catch {
    // A payload that is not JSON still shows the default notice.
  }
  event.waitUntil(
    self.registration.showNotification(message.title, { body: message.body, icon: '/favicon.svg', lang: 'ru', data: { url: message.url }, tag: message.url }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/profile/', self.location.origin);
  // Only pages of this site open from a notification.
  const url = target.origin === self.location.origin ? target.href : new URL('/profile/', self.location.origin).href;
  event.waitUntil(self.clients.openWindow(url));
});
