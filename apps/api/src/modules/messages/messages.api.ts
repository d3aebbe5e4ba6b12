// The public face of the messages module: what other modules may import from it (lint refuses any other
// import across module folders; docs/architecture.md, "Modules and their faces").

export { postWorkflowMessage } from './messages.service.ts';
