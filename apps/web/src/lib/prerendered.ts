/*
 * The page the server prerendered into #root (the open pages: home, sign-in, request a demo,
 * password reset, the seal check, content, help, blog)
 * and how the app takes over from it: the server's nodes stay on screen, untouched, while the app
 * renders into a hidden sibling; when the page itself has rendered (PrerenderedDone, or the router's
 * error page) the prerender is removed and the app shown, before the page's first paint.
 *
 * Before, the app replaced the server's nodes with a copy at start and showed the copy until the
 * page's code had loaded. The copy repainted the same text later, and the browser then counted the
 * page's largest paint from the copy: the home page's LCP was 290–450 ms against a first paint of
 * 150–230 ms (bench/README.md). The page's own first-field focus still works: PrerenderedDone
 * comes before the page in its boundary, so the app is shown before the page's fields mount.
 */
let kept: { prerender: HTMLElement; app: HTMLElement } | null = null;

/** The prerendered page is still on screen, the app hidden beside it. */
export const prerenderKept = () => kept !== null;

/**
 * Called once by main.tsx: the element the app renders into. #root itself when it is empty, else a
 * hidden sibling, #root keeping the prerendered page until dropPrerendered.
 */
export function appContainer(root: HTMLElement): HTMLElement {
  if (!root.innerHTML.trim()) return root;
  const app = document.createElement('div');
  app.className = 'app-pending';
  root.after(app);
  kept = { prerender: root, app };
  return app;
}

/** The page has rendered (or the router shows an error): the prerender goes, the app shows. */
export function dropPrerendered() {
  if (!kept) return;
  const { prerender, app } = kept;
  kept = null;
  prerender.remove();
  app.id = 'root';
  app.classList.remove('app-pending');
}
