import { useEffect } from 'react';
import { dropPrerendered, prerenderedHtml } from '../lib/prerendered.ts';
import { PageLoader } from './page-loader.tsx';

/**
 * Suspense fallback while a page's code loads: the server's prerendered text of this page when
 * there is one (it is the server's own escaped or sanitised HTML, already in the document), else the
 * loader. Keeps the first paint on screen instead of replacing it with a spinner.
 */
export function PageFallback() {
  const html = prerenderedHtml();
  if (html) return <div className="pre-fallback" dangerouslySetInnerHTML={{ __html: html }} />;
  return <PageLoader />;
}

/** Rendered beside a page: once the page is on screen the prerendered text is no longer needed. */
export function PrerenderedDone() {
  useEffect(() => dropPrerendered(), []);
  return null;
}
