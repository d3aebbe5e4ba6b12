/*
 * The page text the server prerendered into #root (public pages only), kept when the app starts so
 * the code-loading fallbacks can go on showing it instead of a spinner until the page itself
 * renders; then it is dropped, and later navigations show the usual loader.
 */
let html: string | null = null;

/** Called once by main.tsx before React takes #root over. */
export function keepPrerendered(root: HTMLElement) {
  html = root.innerHTML.trim() || null;
}

export const prerenderedHtml = () => html;

export function dropPrerendered() {
  html = null;
}
