import { axeSuite } from './accessibility-support.ts';

/** axe-core in the light and dark themes over the pages of the company admin, the contractor and staff (accessibility-support.ts). */
axeSuite('company admin, contractor, staff', ['company admin', 'contractor', 'staff']);
