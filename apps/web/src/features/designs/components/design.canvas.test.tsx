import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { DesignModel } from '@sunstamp/domain/design/design-model.schema';
import { renderApp } from '../../../test/render.tsx';
import type { Selection } from '../design-editor.rules.ts';
import { DesignCanvas } from './design.canvas.tsx';

const model: DesignModel = {
  revision: 0,
  site: {
    property: [{ x: -10, y: -10 }, { x: 50, y: -10 }, { x: 50, y: 40 }],
    building: [{ x: 0, y: 0 }, { x: 40, y: 0 }, { x: 40, y: 30 }],
    street: { from: { x: -10, y: -15 }, to: { x: 50, y: -15 }, name: 'Oak St' },
  },
  roofPlanes: [{
    id: 'R1', name: 'Roof 1', polygon: [{ x: 0, y: 0 }, { x: 40, y: 0 }, { x: 40, y: 15 }, { x: 0, y: 15 }], edges: ['eave', 'rake', 'ridge', 'rake'],
    pitchDeg: 26, azimuthDeg: 180, material: 'Asphalt Shingle', framing: { type: 'Rafter', size: '2x6', spacingIn: 24, spansIn: [168] }, arrayId: 'array-1',
  }],
  modules: [{ id: 'R1-M1', planeId: 'R1', x: 10, y: 5, orientation: 'portrait' }, { id: 'R1-M2', planeId: 'R1', x: 14, y: 5, orientation: 'portrait' }],
  attachments: [], equipment: [{ kind: 'main_panel', x: 41, y: 5 }], strings: [{ id: 'S1', moduleIds: ['R1-M1', 'R1-M2'] }], branchCircuits: [], runs: [], obstructions: [],
};

/** The canvas as the design page holds it: the model and the selection in state, each finished step recorded. */
function Editor({ readOnly = false, violations = new Set<string>(), onStep }: { readOnly?: boolean; violations?: ReadonlySet<string>; onStep?: (m: DesignModel) => void }) {
  const [m, setM] = useState(model);
  const [selection, setSelection] = useState<Selection>(null);
  return (
    <>
      <DesignCanvas
        model={m} moduleSize={{ lengthIn: 70, widthIn: 40 }} selection={selection} onSelect={setSelection}
        onChange={(next) => { setM(next); onStep?.(next); }} onPreview={() => {}} gridFt={0.5} readOnly={readOnly}
        violations={violations} background={null} backgroundUrl={null}
      />
      <output data-testid="selection">{selection ? JSON.stringify(selection) : 'none'}</output>
    </>
  );
}

describe('the design canvas', () => {
  it('Tab reaches each module and the equipment, selecting what has focus', async () => {
    const { user } = renderApp(<Editor />);
    await user.tab();
    expect(screen.getByTestId('module-R1-M1')).toHaveFocus();
    expect(screen.getByTestId('module-R1-M1')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('selection')).toHaveTextContent('{"kind":"module","id":"R1-M1"}');
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'MSP, Main service panel at 41.00, 5.00 ft' })).toHaveFocus();
    expect(screen.getByTestId('selection')).toHaveTextContent('{"kind":"equipment","index":0}');
  });

  it('arrow keys move the selected module one grid step, Shift five, each a step of its own', async () => {
    const onStep = vi.fn();
    const { user } = renderApp(<Editor onStep={onStep} />);
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByTestId('module-R1-M1')).toHaveAccessibleName('Module R1-M1 on Roof 1, at 10.50, 5.00 ft');
    await user.keyboard('{Shift>}{ArrowUp}{/Shift}');
    expect(screen.getByTestId('module-R1-M1')).toHaveAccessibleName('Module R1-M1 on Roof 1, at 10.50, 7.50 ft');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByTestId('module-R1-M1')).toHaveAttribute('data-y', '7');
    expect(onStep).toHaveBeenCalledTimes(3);
    // The other module did not move.
    expect(screen.getByTestId('module-R1-M2')).toHaveAttribute('data-x', '14');
  });

  it('Delete removes the selected equipment and clears the selection; Escape only deselects', async () => {
    const { user } = renderApp(<Editor />);
    await user.tab();
    await user.keyboard('{Escape}');
    expect(screen.getByTestId('selection')).toHaveTextContent('none');
    expect(screen.getByTestId('module-R1-M1')).toBeInTheDocument();
    await user.tab();
    await user.tab();
    await user.keyboard('{Delete}');
    expect(screen.queryByTestId('equipment-main_panel')).not.toBeInTheDocument();
    expect(screen.getByTestId('selection')).toHaveTextContent('none');
  });

  it('read-only: keys neither move nor remove', async () => {
    const onStep = vi.fn();
    const { user } = renderApp(<Editor readOnly onStep={onStep} />);
    await user.tab();
    await user.keyboard('{ArrowRight}{Delete}');
    expect(screen.getByTestId('module-R1-M1')).toHaveAttribute('data-x', '10');
    expect(onStep).not.toHaveBeenCalled();
  });

  it('names a module that breaks a setback', () => {
    renderApp(<Editor violations={new Set(['R1-M2'])} />);
    expect(screen.getByTestId('module-R1-M2')).toHaveAccessibleName('Module R1-M2 on Roof 1, at 14.00, 5.00 ft, breaks a setback');
    expect(screen.getByTestId('module-R1-M1')).toHaveAccessibleName(/at 10\.00, 5\.00 ft$/);
  });

  it("a selected plane shows its corners to drag, but not when read-only; the plane's label shows pitch and azimuth", () => {
    const props = {
      model, moduleSize: { lengthIn: 70, widthIn: 40 }, selection: { kind: 'plane', id: 'R1' } as Selection, onSelect: () => {}, onChange: () => {}, onPreview: () => {},
      gridFt: 1, violations: new Set<string>(), background: null, backgroundUrl: null,
    };
    const { rerender } = renderApp(<DesignCanvas {...props} readOnly={false} />);
    expect(screen.getByText('Roof 1 · 26° · az 180°')).toBeInTheDocument();
    expect(screen.getAllByLabelText(/^Corner \d of Roof 1$/)).toHaveLength(4);
    rerender(<DesignCanvas {...props} readOnly />);
    expect(screen.queryByLabelText(/^Corner \d of Roof 1$/)).not.toBeInTheDocument();
  });

  it('electrical mode: modules name their string, Enter picks, Shift+Enter adds, Escape clears; nothing moves', async () => {
    const onPick = vi.fn();
    const onClear = vi.fn();
    const onChange = vi.fn();
    const { user } = renderApp(
      <DesignCanvas
        model={model} moduleSize={{ lengthIn: 70, widthIn: 40 }} selection={null} onSelect={() => {}} onChange={onChange} onPreview={() => {}}
        gridFt={0.5} readOnly={false} violations={new Set()} background={null} backgroundUrl={null}
        electrical={{ circuitOf: new Map([['R1-M1', { id: 'S1', color: '#f00' }]]), picked: new Set(['R1-M2']), onPick, onClear, word: 'string' }}
      />,
    );
    expect(screen.getByRole('group', { name: /Site plan, strings/ })).toBeInTheDocument();
    expect(screen.getByTestId('module-R1-M1')).toHaveAccessibleName('Module R1-M1 on Roof 1, string S1');
    expect(screen.getByTestId('module-R1-M2')).toHaveAccessibleName('Module R1-M2 on Roof 1, in no string');
    expect(screen.getByTestId('module-R1-M2')).toHaveAttribute('aria-pressed', 'true');
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenLastCalledWith('R1-M1', false);
    await user.tab();
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(onPick).toHaveBeenLastCalledWith('R1-M2', true);
    await user.keyboard('{ArrowLeft}{Escape}');
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(onChange).not.toHaveBeenCalled();
  });
});
