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

/** The open site's main links, in the public layout's bar (and its menu), in order. */
export const SITE_NAV = [
  { to: '/permit-design', label: 'Permit Design' },
  { to: '/engineering', label: 'Engineering' },
  { to: '/about', label: 'About' },
  { to: '/blog', label: 'Blog' },
  { to: '/help', label: 'Help' },
  { to: '/contact-us', label: 'Contact' },
] as const;
