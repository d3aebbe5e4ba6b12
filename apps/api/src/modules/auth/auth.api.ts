// The public face of the auth module: what other modules may import from it (lint refuses any other
// import across module folders; docs/architecture.md, "Modules and their faces").

import * as authRepo from './auth.repository.ts';

// Writes other modules make to the auth module's data go through these functions, never its repository.

/** Stores a single-use link token (password reset, e-mail verification) by its hash. */
export function insertUserToken(...args: Parameters<typeof authRepo.insertUserToken>): ReturnType<typeof authRepo.insertUserToken> {
  return authRepo.insertUserToken(...args);
}

/** Signs a user out everywhere: revokes every refresh-token family of theirs. */
export function revokeAllForUser(...args: Parameters<typeof authRepo.revokeAllForUser>): ReturnType<typeof authRepo.revokeAllForUser> {
  return authRepo.revokeAllForUser(...args);
}

/** Signs a user out of every other session: revokes each refresh family but the one kept (the session changing the password). */
export function revokeOtherSessions(...args: Parameters<typeof authRepo.revokeOtherSessions>): ReturnType<typeof authRepo.revokeOtherSessions> {
  return authRepo.revokeOtherSessions(...args);
}
