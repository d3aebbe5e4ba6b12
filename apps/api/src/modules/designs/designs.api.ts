// The public face of the designs module: what other modules may import from it (lint refuses any other
// import across module folders; docs/architecture.md, "Modules and their faces").

export { loadDesignFor } from './designs.service.ts';
