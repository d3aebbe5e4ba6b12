import { useLayoutEffect } from 'react';
import { dropPrerendered, prerenderKept } from '../lib/prerendered.ts';
import { PageLoader } from './page-loader.tsx';

/**
 * Suspense fallback while a page's code loads: nothing while the server's prerendered page is still
 * on screen beside the hidden app (lib/prerendered.ts), else the loader.
 */
export function PageFallback() {
  if (prerenderKept()) return null;
  return <PageLoader />;
}

/**
 * Rendered beside a page: once the page has rendered the prerendered text is no longer needed. A
 * layout effect, so the prerender goes and the app shows before the page's first paint.
 */
export function PrerenderedDone() {
  useLayoutEffect(() => dropPrerendered(), []);
  return null;
}
