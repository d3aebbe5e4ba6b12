import { describe, expect, it } from 'vitest';
import { modulePreload } from './module-preload.ts';

type Hook = (this: unknown) => void;
const call = (hook: unknown) => (hook as Hook).call({});

describe('modulePreload', () => {
  it('keeps the preload links of the app layout\'s import only', () => {
    const { resolveDependencies } = modulePreload();
    const deps = ['assets/ui-Ab12Cd34.js', 'assets/app-shell-Zz_9-x0y.js'];
    expect(resolveDependencies('assets/app.layout-CIqZPrRk.js', deps)).toEqual(deps);
    expect(resolveDependencies('assets/jobs-list.page-C5EnTbj6.js', deps)).toEqual([]);
    expect(resolveDependencies('assets/notification.bell-Cf7ci6jL.js', deps)).toEqual([]);
    // Not a chunk whose name merely contains the layout's.
    expect(resolveDependencies('assets/my-app.layout-helpers.js', deps)).toEqual([]);
  });

  it('fails the build when no output kept the layout\'s links (a renamed layout)', () => {
    const { plugin, resolveDependencies } = modulePreload();
    call(plugin.renderStart);
    resolveDependencies('assets/jobs-list.page-C5EnTbj6.js', ['assets/ui-Ab12Cd34.js']);
    expect(() => call(plugin.writeBundle)).toThrow(/app layout/);
    // Each output is judged on its own: the first output's match does not vouch for the second.
    resolveDependencies('assets/app.layout-CIqZPrRk.js', ['assets/ui-Ab12Cd34.js']);
    expect(() => call(plugin.writeBundle)).not.toThrow();
    call(plugin.renderStart);
    expect(() => call(plugin.writeBundle)).toThrow(/app layout/);
  });
});
