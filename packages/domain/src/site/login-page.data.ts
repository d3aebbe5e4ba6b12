/** The sign-in page's words (the form itself needs the app): the web shows them, the API prerenders them. */
export const LOGIN_PAGE = {
  title: 'Sign in',
  description: 'Sign in to Sunstamp to order and follow your solar permit and engineering jobs.',
  lead: 'Welcome back. Sign in to order and follow your jobs.',
} as const;
