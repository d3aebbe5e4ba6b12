/*
 * The paths of the open content pages, apart from their words (public-pages.data.ts): the web's
 * route table needs only these, and every page loads the route table first.
 */
export const CONTENT_SLUGS = [
  'permit-design',
  'engineering',
  'structural-engineering',
  'electrical-engineering',
  'about',
  'terms',
  'privacy-policy',
] as const;
export type ContentSlug = (typeof CONTENT_SLUGS)[number];
