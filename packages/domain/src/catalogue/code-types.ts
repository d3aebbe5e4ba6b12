/*
 * The code types of spec §3, apart from their zod contracts (contracts/catalogue.ts): the policies
 * need them, and the policies are in every page's first load, where zod is not.
 */

/** Spec §3 "Codes: ibc, irc, iebc, asce, electrical, fire". */
export const CODE_TYPES = ['ibc', 'irc', 'iebc', 'asce', 'electrical', 'fire'] as const;
export type CodeType = (typeof CODE_TYPES)[number];
/** Spec §7: PUT /codes/{type} exists for ibc and iebc only. */
export const EDITABLE_CODE_TYPES = ['ibc', 'iebc'] as const satisfies readonly CodeType[];
