/**
 * An id as the database stores it: a UUID, any version, either case. The API checks an id from a
 * path, a query or a body against it before a lookup, so that a malformed id answers a clear 4xx
 * rather than a database error; the domain's contracts refuse it the same way. One copy (issue 28).
 */
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
