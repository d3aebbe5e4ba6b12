import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { DesignCheckAnswer, DesignEngineCheck } from '@sunstamp/domain/contracts/designs';
import { renderApp } from '../../../test/render.tsx';
import { EngineChecksPanel } from './engine-checks.panel.tsx';

const check = (patch: Partial<DesignEngineCheck>): DesignEngineCheck => ({
  id: 'x', title: 'Check', section: 'DC', pass: true, value: '412.6 V', limit: '≤ 600 V', remedy: null, code_ref: 'NEC 2020 690.7(A)', circuit_id: null, ...patch,
});

const answer = (patch: Partial<DesignCheckAnswer>): DesignCheckAnswer => ({
  status: 'pass', message: null, missing: [], kind: 'strings', electrical_source: 'design', auto_assignment: [], checks: [], failures: 0,
  system_dc_kw: 8.2, system_ac_kw: 7.6, input_hash: 'h', ...patch,
});

describe('the engineering checks panel', () => {
  it('failures first with their remedy, generation blocked; a string check picks its string', async () => {
    const onPick = vi.fn();
    const { user } = renderApp(
      <EngineChecksPanel pending={false} error={null} onPickCircuit={onPick} answer={answer({
        status: 'fail', failures: 1,
        checks: [
          check({ id: 'v', title: 'String S2 maximum voltage', pass: false, value: '640.2 V', remedy: 'Take two modules off S2.', circuit_id: 'S2' }),
          check({ id: 'i', title: 'Inverter input current' }),
          check({ id: 'b', title: '120 % busbar rule' }),
        ],
      })} />,
    );
    expect(screen.getByText('1 fail')).toBeInTheDocument();
    expect(screen.getByTestId('generation-blocked')).toHaveTextContent('Plan-set generation is blocked until these checks pass.');
    const failing = screen.getByRole('list', { name: 'Failing checks' });
    expect(failing).toHaveTextContent('String S2 maximum voltage');
    expect(failing).toHaveTextContent('640.2 V (limit ≤ 600 V) · NEC 2020 690.7(A)');
    expect(failing).toHaveTextContent('Remedy: Take two modules off S2.');
    expect(screen.getByText("8.2 kW DC · 7.6 kW AC · the design's strings")).toBeInTheDocument();
    await user.click(within(failing).getByText('String S2 maximum voltage'));
    expect(onPick).toHaveBeenCalledWith('S2');
    expect(screen.queryByText('120 % busbar rule')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show the 2 passing checks' }));
    expect(screen.getByRole('list', { name: 'Passing checks' })).toHaveTextContent('120 % busbar rule');
    expect(screen.getByRole('button', { name: 'Hide the 2 passing checks' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('all passing: a single chip, nothing blocked', () => {
    renderApp(<EngineChecksPanel pending={false} error={null} onPickCircuit={() => {}} answer={answer({ checks: [check({}), check({ id: 'y' })], electrical_source: 'auto' })} />);
    expect(screen.getByText('All 2 pass')).toBeInTheDocument();
    expect(screen.queryByTestId('generation-blocked')).not.toBeInTheDocument();
    expect(screen.getByText(/strings formed by the plan set \(none drawn\)/)).toBeInTheDocument();
  });

  it('incomplete: lists what the job lacks; refused: the engine\'s reason; pending and errors shown as such', () => {
    const { rerender } = renderApp(
      <EngineChecksPanel pending error={null} onPickCircuit={() => {}} answer={answer({ status: 'incomplete', missing: [{ field: 'ahj', message: 'Choose the AHJ.' }, { field: 'msp', message: 'Enter the main panel rating.' }] })} />,
    );
    expect(screen.getByTestId('engine-checks')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByLabelText('Checking')).toBeInTheDocument();
    expect(screen.getByText(/cannot check this design until/)).toBeInTheDocument();
    expect(screen.getByText('Choose the AHJ.')).toBeInTheDocument();
    expect(screen.getByText('Enter the main panel rating.')).toBeInTheDocument();
    rerender(<EngineChecksPanel pending={false} error={null} onPickCircuit={() => {}} answer={answer({ status: 'refused', message: 'Ground mounts over 20 kW are not calculated.' })} />);
    expect(screen.getByText('Ground mounts over 20 kW are not calculated.')).toBeInTheDocument();
    rerender(<EngineChecksPanel pending={false} error="The checks could not be run." onPickCircuit={() => {}} answer={null} />);
    expect(screen.getByText('The checks could not be run.')).toBeInTheDocument();
    expect(screen.queryByText('Checking the design…')).not.toBeInTheDocument();
  });
});
