import { axeSuite } from './accessibility-support.ts';

/** axe-core in the light and dark themes over the public pages, signed out, and the client's pages (accessibility-support.ts). */
axeSuite('public and client', ['public', 'client']);
