/** Numeric business constants of spec §4 and §9. */

export const TOAST_MAX = 10;
export const TOAST_AUTO_HIDE_MS = 5_000;

/** A job is overdue past this much time pending admin (spec §4). */
export const OVERDUE_HOURS = 8;
/** … or this much when its services include cad_packet. */
export const OVERDUE_HOURS_CAD_PACKET = 16;

export const SQUARE_FEET_PER_ACRE = 43_560;

/** Duration displays count days of this many hours (spec §9). */
export const WORKING_DAY_HOURS = 8;

/** Spec §5/§9: default site photo count, which caps CAD photos on the PV-5A layouts. */
export const SITE_PHOTO_COUNT_DEFAULT = 2;
