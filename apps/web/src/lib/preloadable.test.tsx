import { act, Component, Suspense, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { lazyNamed, preloadable } from './preloadable.ts';

/*
 * A preloadable component renders in the very render that first meets it when its code has already
 * arrived (no Suspense fallback, so no commit held back by React's throttle), and suspends like
 * React.lazy when it has not.
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
  document.body.innerHTML = '';
});

/** A module whose code "arrives" when `arrive()` is called (or fails with `fail()`), counting the loads asked for. */
function deferredModule(text: string) {
  let arrive!: () => void;
  let fail!: (e: Error) => void;
  let loads = 0;
  const load = () => {
    loads++;
    return new Promise<{ Page: () => ReactNode }>((resolve, reject) => {
      arrive = () => resolve({ Page: () => <h1>{text}</h1> });
      fail = reject;
    });
  };
  return { load, arrive: () => arrive(), fail: (e: Error) => fail(e), loads: () => loads };
}

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  state = { error: null as string | null };
  static getDerivedStateFromError(e: Error) {
    return { error: e.message };
  }
  render() {
    return this.state.error ? <p role="alert">{this.state.error}</p> : this.props.children;
  }
}

function renderSync(node: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  // One synchronous render and commit: what shows now is what the first paint would show.
  act(() => root!.render(<Suspense fallback={<p>loading</p>}>{node}</Suspense>));
  return container;
}

describe('preloadable', () => {
  it('renders at once, without its fallback, when the code was asked for and has arrived', async () => {
    const mod = deferredModule('Jobs');
    const Page = lazyNamed(mod.load, 'Page');
    const ready = Page.preload();
    mod.arrive();
    await ready;
    const container = renderSync(<Page />);
    expect(container.textContent).toBe('Jobs');
    expect(mod.loads()).toBe(1);
  });

  it('suspends like React.lazy when it renders before its code arrives, then shows it', async () => {
    const mod = deferredModule('Messages');
    const Page = lazyNamed(mod.load, 'Page');
    const container = renderSync(<Page />);
    expect(container.textContent).toBe('loading');
    await act(async () => {
      mod.arrive();
      await Page.preload();
    });
    expect(container.textContent).toBe('Messages');
    // The render and the later preload share one load.
    expect(mod.loads()).toBe(1);
  });

  it('a failed load reaches the error boundary, and a later preload asks again', async () => {
    const mod = deferredModule('Analytics');
    const Page = preloadable(async () => (await mod.load()).Page);
    const first = Page.preload();
    mod.fail(new Error('chunk gone'));
    await expect(first).rejects.toThrow('chunk gone');
    const again = Page.preload();
    expect(mod.loads()).toBe(2);
    mod.arrive();
    await again;
    const container = renderSync(
      <Boundary>
        <Page />
      </Boundary>,
    );
    expect(container.textContent).toBe('Analytics');
  });

  it('a load that fails while rendering shows the error boundary', async () => {
    const mod = deferredModule('Profile');
    const Page = lazyNamed(mod.load, 'Page');
    const container = renderSync(
      <Boundary>
        <Page />
      </Boundary>,
    );
    expect(container.textContent).toBe('loading');
    // React reports an error its boundary caught on console.error: expected here, so kept from the log.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await act(async () => {
        mod.fail(new Error('network down'));
        await Page.preload().catch(() => undefined);
      });
    } finally {
      logged.mockRestore();
    }
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('network down');
  });
});
