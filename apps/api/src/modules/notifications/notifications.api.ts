// The public face of the notifications module: what other modules may import from it (lint refuses any other
// import across module folders; docs/architecture.md, "Modules and their faces").

export { markThreadNotificationsRead, notifyDeliverablesReleased, notifyGenerationEvent, notifyJobEvent, queueMailBatches, scheduleOverdueNotice, storeNotifications } from './notifications.service.ts';
