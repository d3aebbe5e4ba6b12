import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderApp, userOf } from '../../../test/render.tsx';
import { ArraysSummary } from './job-details.sections.tsx';

/** The browser's media queries answered for a window `width` px wide (min-width / max-width only). */
function viewport(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return { matches, media: query, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {} };
  });
}
afterEach(() => vi.unstubAllGlobals());

const ARRAYS = [
  { panel_quantity: 16, num_panels_on_rafter: 2, orientation: 'Portrait' as const, roof_pitch: 22.6, frame_shape: '2x6', beam_spacing: 24, beam_span: [90, 90] },
  { panel_quantity: 8, num_panels_on_rafter: 2, orientation: 'Landscape' as const, roof_pitch: 18.4, frame_shape: '2x4', beam_spacing: 16, beam_span: [72] },
];

describe('the arrays on the job page', () => {
  it('at 1,024 px: one card per array, spacing and spans among what shows without scrolling', () => {
    fakeApi();
    viewport(1024);
    renderApp(<ArraysSummary arrays={ARRAYS} />, { user: userOf('support') });
    expect(screen.queryByRole('table', { name: 'Arrays' })).not.toBeInTheDocument();
    const second = screen.getByRole('region', { name: 'Array 2' });
    expect(within(second).getByText('Spacing').nextSibling).toHaveTextContent('16 in');
    expect(within(second).getByText('Spans').nextSibling).toHaveTextContent('72 in');
    expect(within(screen.getByRole('region', { name: 'Array 1' })).getByText('Spans').nextSibling).toHaveTextContent('90, 90 in');
  });

  it('from 1,200 px: one table row per array, units in the headers', () => {
    fakeApi();
    viewport(1280);
    renderApp(<ArraysSummary arrays={ARRAYS} />, { user: userOf('support') });
    const table = screen.getByRole('table', { name: 'Arrays' });
    expect(screen.queryByRole('region', { name: 'Array 1' })).not.toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getAllByRole('columnheader').map((h) => h.textContent)).toContain('Spans (in)');
    expect(within(rows[2]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(
      ['2', '8', '2', 'Landscape', '18.4', '—', '—', '—', '—', '2x4', '16', '72'],
    );
  });
});
