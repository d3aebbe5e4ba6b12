import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { EquipmentItem } from '@sunstamp/domain/contracts/catalogue';
import { fakeApi, type ApiCall } from '../../../test/fake-api.ts';
import { renderApp, userOf } from '../../../test/render.tsx';
import { EquipmentStep } from './equipment.step.tsx';
import { emptyRow, type EquipmentRow } from './equipment-lines.rules.ts';

const item = (id: string, manufacturer: string, model: string): EquipmentItem => ({
  id, kind: 'inverter', manufacturer, model, type: 'Microinverter', data: {}, source: 'seed', is_active: true, updated_at: '2026-11-01T00:00:00Z',
});
const CATALOGUE = [item('a', 'APsystems', 'DS3-S'), item('b', 'Enphase', 'IQ8A-72-2-US'), item('c', 'Enphase', 'IQ8M-72-2-US'), item('d', 'Enphase', 'IQ8PLUS-72-2-US')];

/** GET /equipment answered by the test: each call waits until the test releases it. */
function heldCatalogue() {
  const held: { search: string; release: () => void }[] = [];
  const api = fakeApi({
    'GET /equipment': (call: ApiCall) =>
      new Promise((resolve) => {
        const search = call.query.get('search') ?? '';
        const results = CATALOGUE.filter((e) => `${e.manufacturer} ${e.model}`.toLowerCase().includes(search.toLowerCase()));
        held.push({ search, release: () => resolve({ count: results.length, page: 1, page_size: 25, results }) });
      }),
  });
  return { api, held };
}

function Step() {
  const [rows, setRows] = useState<EquipmentRow[]>(() => [emptyRow('module'), emptyRow('inverter')]);
  return (
    <>
      <EquipmentStep rows={rows} shown={['inverter']} arrays={[{ panel_quantity: 12 }]} problems={{}} onChange={setRows} />
      <output data-testid="chosen">{rows.find((r) => r.kind === 'inverter')!.equipment?.model ?? ''}</output>
    </>
  );
}

describe('the equipment step’s model picker', () => {
  it('says the list is busy until the typed search is answered, then offers only its results', async () => {
    const { held } = heldCatalogue();
    const { user } = renderApp(<Step />, { user: userOf('user') });
    const box = screen.getByRole('combobox', { name: 'Inverter model' });
    await user.click(box);
    await waitFor(() => expect(held).toHaveLength(1));
    expect(screen.getByRole('listbox')).toHaveAttribute('aria-busy', 'true');
    held[0]!.release();
    await waitFor(() => expect(screen.getByRole('listbox')).toHaveAttribute('aria-busy', 'false'));
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(CATALOGUE.length + 1);

    // Typing: the old list stays on screen, marked busy through the debounce and the request.
    await user.type(box, 'IQ8PLUS');
    expect(screen.getByRole('listbox')).toHaveAttribute('aria-busy', 'true');
    expect(within(screen.getByRole('listbox')).getByRole('option', { name: 'Enphase IQ8A-72-2-US' })).toBeInTheDocument();
    await waitFor(() => expect(held.at(-1)!.search).toBe('IQ8PLUS'));
    expect(screen.getByRole('listbox')).toHaveAttribute('aria-busy', 'true');
    held.at(-1)!.release();
    await waitFor(() => expect(screen.getByRole('listbox')).toHaveAttribute('aria-busy', 'false'));
    const options = within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Enphase IQ8PLUS-72-2-US', 'Other (not in the catalogue)']);

    await user.click(screen.getByRole('option', { name: 'Enphase IQ8PLUS-72-2-US' }));
    expect(screen.getByTestId('chosen')).toHaveTextContent('IQ8PLUS-72-2-US');
    expect(box).toHaveValue('Enphase IQ8PLUS-72-2-US');
  });
});
