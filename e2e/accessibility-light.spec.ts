import { axeSuite } from './accessibility-support.ts';

/** axe-core over every page of the app as each role, in the light theme (accessibility-support.ts). */
axeSuite('light');
