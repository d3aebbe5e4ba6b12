// The public face of the site-alerts module: what other modules may import from it (lint refuses any other
// import across module folders; docs/architecture.md, "Modules and their faces").

export { alertsFor } from './site-alerts.service.ts';
