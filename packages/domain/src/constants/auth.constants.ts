// Auth constants kept apart from the zod contracts so the web's first bundle needs no zod.

/** The reply that makes the client log out silently (spec §8). */
export const INVALID_TOKEN_MESSAGE = 'Given token not valid for any token type';
/** Header carrying the CSRF token on state-changing calls (decisions.md). */
export const CSRF_HEADER = 'X-CSRFToken';
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;
