import { useEffect } from 'react';

export const PRODUCT_NAME = 'Sunstamp';

export const pageTitle = (title?: string) => (title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME);

/** Sets the document title while a page is shown. */
export function usePageTitle(title?: string) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
