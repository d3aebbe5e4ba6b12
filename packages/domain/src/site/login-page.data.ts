/**
 * The words of the open pages whose form needs the app (sign-in, request a demo, password reset,
 * the public seal check): the web shows them, the API prerenders their heading and lead so they
 * paint before any script runs (modules/content/public-pages.service.ts).
 */
export const LOGIN_PAGE = {
  title: 'Sign in',
  description: 'Sign in to Sunstamp to order and follow your solar permit and engineering jobs.',
  lead: 'Welcome back. Sign in to order and follow your jobs.',
} as const;

export const REQUEST_DEMO_PAGE = {
  title: 'Request a demo',
  description: 'Ask for a walk-through of Sunstamp: permit plan sets and stamped engineering letters for solar installers.',
  lead: 'Tell us who you are and we will set up a walk-through of Sunstamp.',
} as const;

export const PASSWORD_RESET_PAGE = {
  title: 'Reset your password',
  description: 'Get a link to choose a new password for your Sunstamp account.',
  lead: 'Enter the email address of your account and we will send you a link to choose a new password.',
} as const;

/** The page a reset or welcome mail's link opens (/password-reset/{uid}/{token}). */
export const PASSWORD_CHOOSE_PAGE = {
  title: 'Choose your password',
  description: 'Choose the password of your Sunstamp account.',
  lead: 'Then sign in with your email address and this password. Any other sessions end.',
} as const;

export const VERIFY_PAGE = {
  title: 'Verify a sealed document',
  description: 'Check a verification code printed beside an engineer’s seal on a Sunstamp document: who sealed it, and whether your PDF is the one sealed.',
  lead: 'Enter the verification code printed beside the engineer’s seal. You will see who sealed the document and can check that the PDF you hold is the one that was sealed.',
} as const;
