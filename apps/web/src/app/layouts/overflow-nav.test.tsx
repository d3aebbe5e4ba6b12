import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../test/render.tsx';
import { fittingCount, OverflowNav } from './overflow-nav.tsx';

/*
 * The top bar's sections (issue 29, item 9): as many as fit in a row, the rest and the other
 * destinations in a More menu. The row's items are plain links and a plain button (issue 27: as MUI
 * Buttons they were a third of the staff's longest task before the first signed-in paint), so
 * these check what the Buttons gave for free: links to each section, the current one marked, a
 * real button that opens the menu.
 */

describe('fittingCount', () => {
  it('keeps every item when they fit and nothing else needs the menu', () => {
    expect(fittingCount([50, 60, 70], 40, 188, false)).toBe(3); // 50 + 4 + 60 + 4 + 70
  });
  it('makes room for More when an item overflows, or when other destinations live there', () => {
    expect(fittingCount([50, 60, 70], 40, 187, false)).toBe(2); // 40 + 4 + 50 + 4 + 60 = 158; + 74 > 187
    expect(fittingCount([50, 60, 70], 40, 188, true)).toBe(2);
    expect(fittingCount([50, 60, 70], 40, 40, true)).toBe(0);
  });
});

describe('OverflowNav', () => {
  // jsdom lays nothing out: each element is 24 px and 10 px a character wide, the row 360 px.
  const rect = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'getBoundingClientRect');
  const clientWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
  const resizeObserver = (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'getBoundingClientRect', {
      configurable: true,
      value(this: HTMLElement) {
        return { width: 24 + 10 * (this.textContent ?? '').length } as DOMRect;
      },
    });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
      configurable: true,
      get(this: HTMLElement) {
        return this.tagName === 'NAV' ? 360 : 0;
      },
    });
    // jsdom has no ResizeObserver. A browser's reports each observed element once after the layout
    // that follows observe(), before the paint; here once, in a task of its own.
    (globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
      private timer: ReturnType<typeof setTimeout> | undefined;
      constructor(private readonly callback: (entries: { target: Element }[], observer: unknown) => void) {}
      observe(target: Element) {
        this.timer = setTimeout(() => this.callback([{ target }], this));
      }
      disconnect() {
        clearTimeout(this.timer);
      }
    };
  });
  afterAll(() => {
    if (rect) Object.defineProperty(HTMLElement.prototype, 'getBoundingClientRect', rect);
    if (clientWidth) Object.defineProperty(HTMLElement.prototype, 'clientWidth', clientWidth);
    (globalThis as { ResizeObserver?: unknown }).ResizeObserver = resizeObserver;
  });

  const items = [
    { label: 'Jobs', to: '/jobs' },
    { label: 'Messages', to: '/messages' },
    { label: 'Analytics', to: '/analytics' },
    { label: 'Requirements', to: '/requirements' },
  ];
  const extra = [{ label: 'Back office', to: '/back-office' }];

  it('shows the sections that fit as links, marks the current one, and puts the rest in More', async () => {
    const { user } = renderApp(<OverflowNav items={items} extra={extra} />, { route: '/jobs/42' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    // More (64) + Jobs (64) + Messages (104) + Analytics (114) and three 4 px gaps take 358 of 360 px; Requirements does not fit.
    await waitFor(() => expect(within(nav).getAllByRole('link')).toHaveLength(3));
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Jobs', '/jobs'],
      ['Messages', '/messages'],
      ['Analytics', '/analytics'],
    ]);
    expect(links[0]).toHaveAttribute('aria-current', 'page');
    expect(links[0]).toHaveClass('active');
    expect(links[1]).not.toHaveAttribute('aria-current');
    // The measuring copy is neither read nor reached by the keyboard.
    expect(nav.querySelector('[aria-hidden] a, [aria-hidden] button, [aria-hidden] [tabindex]')).toBeNull();

    const more = within(nav).getByRole('button', { name: 'More' });
    expect(more).toHaveAttribute('type', 'button');
    expect(more).toHaveAttribute('aria-haspopup', 'menu');
    expect(more).not.toHaveClass('active');
    await user.click(more);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Requirements', 'Back office']);
    expect(more).toHaveAttribute('aria-expanded', 'true');
  });

  it('marks More as current when the page is one of its destinations', async () => {
    renderApp(<OverflowNav items={items} extra={extra} />, { route: '/back-office' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(within(nav).getAllByRole('link')).toHaveLength(3));
    expect(within(nav).getByRole('button', { name: 'More' })).toHaveClass('active');
    expect(within(nav).queryByRole('link', { current: 'page' })).toBeNull();
  });
});
