// The public face of the settings module: what other modules may import from it (lint refuses any other
// import across module folders; docs/architecture.md, "Modules and their faces").

export { documentDayOf, documentTimeZone, structuralSpanLimit } from './settings.service.ts';
