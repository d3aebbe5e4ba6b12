// The public face of the ahjs module: what other modules may import from it (lint refuses any other
// import across module folders; docs/architecture.md, "Modules and their faces").

export { findAhj } from './ahjs.service.ts';
export { findUtility } from './utilities.service.ts';
