import { act, lazy, StrictMode, Suspense, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appContainer, dropPrerendered, prerenderKept } from '../lib/prerendered.ts';
import { PageFallback, PrerenderedDone } from './page-fallback.tsx';

/*
 * How the app takes over from the server's prerendered page (lib/prerendered.ts): the server's nodes
 * stay, the very same elements, until the page itself has rendered; the app renders hidden beside
 * them and shows in their place. A page that never loads leaves the prerender on screen.
 */

let root: Root | undefined;
// These tests drive React's act() themselves (no testing library to say so): without the flag React
// warns at every act() that the environment does not support it.
const actFlag = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const actBefore = actFlag.IS_REACT_ACT_ENVIRONMENT;
beforeAll(() => { actFlag.IS_REACT_ACT_ENVIRONMENT = true; });
afterAll(() => { actFlag.IS_REACT_ACT_ENVIRONMENT = actBefore; });
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  // The module's state is shared by the files of this worker: leave it as a fresh load would.
  dropPrerendered();
  document.body.innerHTML = '';
});

/** A lazy page whose code "arrives" when `load()` is called, as a chunk would. */
function deferredPage(text: string) {
  let load!: () => void;
  const arrived = new Promise<void>((r) => (load = r));
  const Page = lazy(async () => {
    await arrived;
    return { default: () => <h1>{text}</h1> };
  });
  return { Page, load: () => act(async () => { load(); await arrived; }) };
}

function page(node: ReactNode) {
  return (
    <StrictMode>
      <Suspense fallback={<PageFallback />}>
        <PrerenderedDone />
        {node}
      </Suspense>
    </StrictMode>
  );
}

describe('the prerendered page and the app', () => {
  it('keeps the server\'s own nodes on screen while the page loads, then shows the app in their place', async () => {
    document.body.innerHTML = '<div id="root"><main class="pre"><h1>Solar permit plan sets</h1></main></div>';
    const serverRoot = document.getElementById('root')!;
    const serverHeading = serverRoot.querySelector('h1')!;
    const container = appContainer(serverRoot);

    expect(container).not.toBe(serverRoot);
    expect(container.className).toBe('app-pending');
    expect(serverRoot.nextElementSibling).toBe(container);
    expect(prerenderKept()).toBe(true);

    const { Page, load } = deferredPage('Solar permit plan sets, from the app');
    act(() => {
      root = createRoot(container);
      root.render(page(<Page />));
    });
    // While the page's code loads: the same heading element as the server's, the app empty (no
    // loader, no copy) and hidden.
    expect(document.querySelector('h1')).toBe(serverHeading);
    expect(serverHeading.isConnected).toBe(true);
    expect(container.childElementCount).toBe(0);
    expect(container.classList.contains('app-pending')).toBe(true);

    await load();
    // The page rendered: the prerender is gone, the app is #root and shown.
    expect(serverHeading.isConnected).toBe(false);
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(document.querySelector('h1')).toHaveTextContent('Solar permit plan sets, from the app');
    expect(container.id).toBe('root');
    expect(container.classList.contains('app-pending')).toBe(false);
    expect(prerenderKept()).toBe(false);
  });

  it('renders into #root itself when the server sent nothing there (the signed-in pages), with the loader as fallback', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    const serverRoot = document.getElementById('root')!;
    expect(appContainer(serverRoot)).toBe(serverRoot);
    expect(prerenderKept()).toBe(false);

    const { Page, load } = deferredPage('Jobs');
    act(() => {
      root = createRoot(serverRoot);
      root.render(page(<Page />));
    });
    expect(serverRoot.querySelector('h1')).toBeNull();
    expect(serverRoot.querySelector('[role="progressbar"]')).toHaveAttribute('aria-label', 'Loading page');
    await load();
    expect(serverRoot.querySelector('h1')).toHaveTextContent('Jobs');
  });
});
