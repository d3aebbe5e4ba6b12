import { axeSuite } from './accessibility-support.ts';

/** axe-core over every page of the app as each role, in the dark theme: the colour rules (accessibility-support.ts). */
axeSuite('dark');
