/** The path of GET /users/me, apart from its query code so the session can ask before that code has loaded. */
export const ME_PATH = '/users/me';
