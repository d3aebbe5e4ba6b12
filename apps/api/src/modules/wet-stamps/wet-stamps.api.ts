// The public face of the wet-stamps module: what other modules may import from it (lint refuses any other
// import across module folders; docs/architecture.md, "Modules and their faces").

export { assertWetStampSent } from './wet-stamps.gate.ts';
