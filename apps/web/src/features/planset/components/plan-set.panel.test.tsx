import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { CadRun } from '@sunstamp/domain/contracts/cad-runs';
import { fakeApi, refusal } from '../../../test/fake-api.ts';
import { liveEvents } from '../../../test/fake-event-source.ts';
import { renderApp, userOf } from '../../../test/render.tsx';
import { PlanSetPanel } from './plan-set.panel.tsx';

const run = (patch: Partial<CadRun>): CadRun => ({
  id: 'run-1', job_id: 'job-1', revision: 0, status: 'passed', stage: 'cad_generation_passed', progress: 100, error: null, warnings: [],
  files: [], page_count: 9, input_hash: 'h', template_version: 't', attempts: 1, requested_by: null,
  created_at: '2026-11-20T10:00:00Z', started_at: '2026-11-20T10:00:01Z', finished_at: '2026-11-20T10:01:00Z', ...patch,
});

let stopStream: (() => void) | undefined;
afterEach(() => stopStream?.());

describe('the plan set panel', () => {
  it('is not shown to a client', () => {
    const api = fakeApi({ 'GET /jobs/job-1/cad-runs': { results: [] } });
    const { container } = renderApp(<PlanSetPanel jobId="job-1" assigneeId={null} />, { user: userOf('user') });
    expect(container).toBeEmptyDOMElement();
    expect(api.calls).toHaveLength(0);
  });

  it('with no run yet offers Generate, and a refusal shows the API message inline', async () => {
    const api = fakeApi({
      'GET /jobs/job-1/cad-runs': { results: [] },
      'POST /jobs/job-1/generate-cad': refusal(422, 'The job has no design: draw the roof planes and modules first.'),
    });
    const { user } = renderApp(<PlanSetPanel jobId="job-1" assigneeId={null} />, { user: userOf('admin') });
    expect(await screen.findByText(/No plan set generated yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByTestId('plan-set-refusal')).toHaveTextContent('The job has no design: draw the roof planes and modules first.');
    expect(api.callsTo('POST /jobs/job-1/generate-cad')).toHaveLength(1);
  });

  it('a contractor not assigned to the job sees the runs but no Generate button', async () => {
    fakeApi({ 'GET /jobs/job-1/cad-runs': { results: [] } });
    renderApp(<PlanSetPanel jobId="job-1" assigneeId="someone-else" />, { user: userOf('contractor') });
    expect(await screen.findByText(/No plan set generated yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Generate/ })).not.toBeInTheDocument();
  });

  it('a failed run shows the failure message and its detail, and Generate stays available', async () => {
    fakeApi({
      'GET /jobs/job-1/cad-runs': { results: [run({ status: 'failed', stage: 'cad_generation_failed', error: { key: 'pv3_failed', message: 'The PV-3 sheet could not be drawn.', detail: 'Roof plane A has no modules.' } })] },
    });
    renderApp(<PlanSetPanel jobId="job-1" assigneeId={null} />);
    const failure = await screen.findByTestId('plan-set-failure');
    expect(failure).toHaveTextContent('Generation Failed. The PV-3 sheet could not be drawn.');
    expect(failure).toHaveTextContent('Roof plane A has no modules.');
    expect(screen.getByRole('button', { name: 'Generate' })).toBeEnabled();
  });

  it('a running run disables Generate and follows the live events of its job only', async () => {
    const api = fakeApi({ 'GET /jobs/job-1/cad-runs': { results: [run({ status: 'running', stage: 'cad_generation_initiated', progress: 65, finished_at: null })] } });
    const live = await liveEvents(api);
    stopStream = live.stop;
    renderApp(<PlanSetPanel jobId="job-1" assigneeId={null} />);
    const progress = await screen.findByTestId('plan-set-progress');
    expect(progress).toHaveTextContent('Creating PV1 - PV5');
    expect(progress).toHaveTextContent('65%');
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();

    live.send('title_block_initiated', { run_id: 'run-1', job_id: 'another-job', label: 'Other job', progress: 10 });
    live.send('cut_sheets_initiated', { run_id: 'run-1', job_id: 'job-1', label: 'Creating Cut Sheets and Modelspace', progress: 77 });
    expect(await screen.findByText('77%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Plan set: Creating Cut Sheets and Modelspace' })).toHaveAttribute('aria-valuenow', '77');
    expect(screen.queryByText('Other job')).not.toBeInTheDocument();
  });

  it('a passed run lists its downloads and sheets, with Generate again; earlier runs below', async () => {
    fakeApi({
      'GET /jobs/job-1/cad-runs': {
        results: [
          run({
            revision: 1,
            warnings: [{ key: 'cut_sheets_failed', message: 'A cut sheet could not be added.', detail: 'Inverter datasheet missing' }],
            files: [
              { file_id: 'f-pdf', part: 'pdf', name: 'set.pdf' },
              { file_id: 'f-dxf', part: 'dxf', name: 'set.dxf' },
              { file_id: 'f-cut', part: 'cut_sheet', name: 'iq8-micro-cut-sheet.pdf' },
              { file_id: 'f-p1', part: 'preview', name: 'pv1.svg', number: 'PV-1', title: 'COVER SHEET' },
              { file_id: 'f-p2', part: 'preview', name: 'pv2.svg', number: 'PV-2', title: 'SITE PLAN' },
            ],
          }),
          run({ id: 'run-0', revision: 0, status: 'failed', error: { key: 'x', message: 'No AHJ.', detail: '' } }),
        ],
      },
    });
    renderApp(<PlanSetPanel jobId="job-1" assigneeId={null} />);
    const result = await screen.findByTestId('plan-set-result');
    expect(within(result).getByText('Complete')).toBeInTheDocument();
    expect(within(result).getByText(/Revision 1 · 9 pages/)).toBeInTheDocument();
    expect(within(result).getByText(/A cut sheet could not be added\./)).toHaveTextContent('(Inverter datasheet missing)');
    expect(within(result).getByRole('button', { name: 'PDF' })).toBeInTheDocument();
    expect(within(result).getByRole('button', { name: 'DXF' })).toBeInTheDocument();
    expect(within(result).getByRole('button', { name: 'iq8 micro' })).toBeInTheDocument();
    expect(within(result).getByRole('button', { name: 'Open sheet PV-1 COVER SHEET' })).toBeInTheDocument();
    expect(within(result).getByRole('button', { name: 'Open sheet PV-2 SITE PLAN' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate again' })).toBeEnabled();
    expect(screen.getByText('Earlier runs')).toBeInTheDocument();
    expect(screen.getByText(/Rev 0 · Failed: No AHJ\./)).toBeInTheDocument();
  });

  it('the full-screen preview steps between sheets with its buttons and the arrow keys', async () => {
    fakeApi({
      'GET /jobs/job-1/cad-runs': {
        results: [run({ files: [
          { file_id: 'f-p1', part: 'preview', name: 'pv1.svg', number: 'PV-1', title: 'COVER SHEET' },
          { file_id: 'f-p2', part: 'preview', name: 'pv2.svg', number: 'PV-2', title: 'SITE PLAN' },
        ] })],
      },
      'GET /cad-runs/run-1/checks': { results: [] },
      'GET /files/f-p1/download': new Response('<svg xmlns="http://www.w3.org/2000/svg"><text>one</text></svg>', { headers: { 'content-type': 'image/svg+xml' } }),
      'GET /files/f-p2/download': new Response('<svg xmlns="http://www.w3.org/2000/svg"><text>two</text></svg>', { headers: { 'content-type': 'image/svg+xml' } }),
    });
    const { user } = renderApp(<PlanSetPanel jobId="job-1" assigneeId={null} />);
    await user.click(await screen.findByRole('button', { name: 'Open sheet PV-2 SITE PLAN' }));
    const dialog = await screen.findByRole('dialog', { name: /PV-2 SITE PLAN/ });
    expect(within(dialog).getByText('2 / 2')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Next sheet' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Previous sheet' }));
    expect(await screen.findByRole('dialog', { name: /PV-1 COVER SHEET/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous sheet' })).toBeDisabled();
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByText('2 / 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close preview' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
