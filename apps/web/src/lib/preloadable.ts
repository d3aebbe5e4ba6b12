import { lazy, type ComponentType } from 'react';

/**
 * A lazily loaded component that can be asked for before it renders, and that renders at once,
 * without suspending, when its code has already arrived.
 *
 * Why not React.lazy alone: React.lazy suspends at its first render even when the module is already
 * loaded (it waits for the promise's `then`), and React commits what a resolved Suspense boundary
 * shows no sooner than 300 ms after the last fallback it showed or hid (react-dom's throttle of
 * retries). A signed-in first load of `/jobs` went through three such boundaries (the query
 * provider, the app layout, the page), and the layout's first paint waited for the throttle's timer
 * (bench/README.md, "the signed-in first load without Suspense's throttle"). Here the factory answers
 * a thenable that calls back synchronously once the code is there, so React takes the component in
 * the same render: nothing suspends, nothing is throttled.
 */
export type Preloadable<P> = ComponentType<P> & {
  /** Asks for the code (once); resolves when it has arrived. */
  preload: () => Promise<unknown>;
};

/** A thenable already fulfilled: `then` calls back before it returns (React reads the value in the same render). */
function fulfilled<T>(value: T): Promise<T> {
  const thenable = {
    then(onFulfilled?: (v: T) => unknown) {
      onFulfilled?.(value);
      return thenable;
    },
  };
  return thenable as unknown as Promise<T>;
}

export function preloadable<P>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let component: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (c) => (component = c),
      (error: unknown) => {
        // A failed load (a deploy replaced the chunk, the network dropped) may be asked for again.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => (component ? fulfilled({ default: component }) : preload().then((c) => ({ default: c }))));
  return Object.assign(Lazy as unknown as ComponentType<P>, { preload });
}

/** `preloadable` over a module's named export: every page and layout is its own chunk. */
export function lazyNamed<M extends Record<string, unknown>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return preloadable<any>(async () => (await load())[name] as ComponentType<any>);
}
