import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { DesignEngineCheck } from '@sunstamp/domain/contracts/designs';
import { renderApp } from '../../../test/render.tsx';
import { StringsPanel } from './strings.panel.tsx';

const check = (id: string, circuit: string, pass: boolean): DesignEngineCheck => ({
  id, title: id, section: 'DC', pass, value: '412 V', limit: '≤ 600 V', remedy: null, code_ref: 'NEC 690.7', circuit_id: circuit,
});

const handlers = () => ({ onAuto: vi.fn(), onAssign: vi.fn(), onUnassign: vi.fn(), onPickCircuit: vi.fn(), onClearPick: vi.fn() });

const circuits = [{ id: 'S1', moduleIds: ['m1', 'm2', 'm3'] }, { id: 'S2', moduleIds: ['m4'] }];

describe('the strings panel', () => {
  it('with nothing picked: counts the assigned modules and keeps the pick actions disabled', () => {
    renderApp(<StringsPanel kind="strings" circuits={circuits} moduleCount={6} strung={4} picked={[]} checks={null} readOnly={false} canAuto {...handlers()} />);
    expect(screen.getByTestId('strung-count')).toHaveTextContent('4 of 6 modules assigned');
    expect(screen.getByTestId('picked-count')).toHaveTextContent(/Click a module to pick it/);
    for (const name of ['Assign', 'New string', 'Unassign', 'Clear pick']) expect(screen.getByRole('button', { name })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Auto-assign strings' })).toBeEnabled();
  });

  it('assigns the picked modules to the chosen string, or to a new one', async () => {
    const h = handlers();
    const { user } = renderApp(<StringsPanel kind="strings" circuits={circuits} moduleCount={6} strung={4} picked={['m5', 'm6']} checks={null} readOnly={false} canAuto={false} {...h} />);
    expect(screen.getByTestId('picked-count')).toHaveTextContent('2 modules picked.');
    expect(screen.getByRole('button', { name: 'Auto-assign strings' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Assign' })).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Assign to string' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'S2 (1)' }));
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(h.onAssign).toHaveBeenLastCalledWith('S2');
    await user.click(screen.getByRole('button', { name: 'New string' }));
    expect(h.onAssign).toHaveBeenLastCalledWith('new');
    await user.click(screen.getByRole('button', { name: 'Unassign' }));
    await user.click(screen.getByRole('button', { name: 'Clear pick' }));
    expect(h.onUnassign).toHaveBeenCalledTimes(1);
    expect(h.onClearPick).toHaveBeenCalledTimes(1);
  });

  it("shows each string's checks and picks its modules on click", async () => {
    const h = handlers();
    const { user } = renderApp(
      <StringsPanel kind="strings" circuits={circuits} moduleCount={4} strung={4} picked={[]} readOnly={false} canAuto {...h}
        checks={[check('a', 'S1', true), check('b', 'S1', false), check('c', 'S1', false), check('d', 'S2', true)]} />,
    );
    expect(screen.getByTestId('strung-count')).toHaveTextContent('4 of 4 modules assigned');
    expect(screen.getByTestId('circuit-S1')).toHaveTextContent('S1 · 3 modules');
    expect(screen.getByTestId('circuit-S1')).toHaveTextContent('2 checks fail');
    expect(within(screen.getByTestId('circuit-S1')).getByText('Fails')).toBeInTheDocument();
    expect(screen.getByTestId('circuit-S2')).toHaveTextContent('S2 · 1 module1 checks pass');
    await user.click(screen.getByTestId('circuit-S2'));
    expect(h.onPickCircuit).toHaveBeenCalledWith('S2');
  });

  it('branch circuits are named as such; read-only hides the editing controls', () => {
    renderApp(<StringsPanel kind="branch_circuits" circuits={[]} moduleCount={3} strung={0} picked={[]} checks={null} readOnly canAuto {...handlers()} />);
    expect(screen.getByText('Branch circuits')).toBeInTheDocument();
    expect(screen.getByText(/No branch circuits drawn yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Auto-assign/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign' })).not.toBeInTheDocument();
  });
});
