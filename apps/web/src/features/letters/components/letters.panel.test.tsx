import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { JobLetter } from '@sunstamp/domain/contracts/letters';
import { fakeApi, refusal } from '../../../test/fake-api.ts';
import { liveEvents } from '../../../test/fake-event-source.ts';
import { renderApp, userOf } from '../../../test/render.tsx';
import { LettersPanel } from './letters.panel.tsx';

const letter = (patch: Partial<JobLetter>): JobLetter => ({
  id: 'l-1', run_id: 'r-0', revision: 0, letter_type: 'structural_roof_letter', file_id: 'f-1', name: 'Structural roof letter.pdf',
  download_url: '/api/files/f-1/download', sha256: 'x', engineer: { id: 'e-1', name: 'Dana Reyes, P.E.' }, calculation_pages: [],
  signature_status: 'unsigned', deliverable_state: 'draft', may_sign: false, signed_download_url: null, signed_by: null, signed_at: null,
  created_at: '2026-11-20T10:00:00Z', ...patch,
});

/** The job's requirements answer as far as the panel reads it: which requirements are on. */
const requirementsOn = (...keys: string[]) => ({ resolved: { values: Object.fromEntries(keys.map((k) => [k, { key: k, on: true }])) } });

const base = (letters: JobLetter[] = [], routes: Record<string, unknown> = {}) => fakeApi({
  'GET /jobs/job-1/letters': letters,
  'GET /jobs/job-1/letter-runs': { results: [] },
  'GET /jobs/job-1/requirements': requirementsOn(),
  ...routes,
});

let stopStream: (() => void) | undefined;
afterEach(() => stopStream?.());

describe('the letters panel', () => {
  it('is hidden from a contractor who is not assigned to the job', () => {
    base();
    const { container } = renderApp(<LettersPanel jobId="job-1" assigneeId="other" services={[]} />, { user: userOf('contractor') });
    expect(container).toBeEmptyDOMElement();
  });

  it('lists each letter with its engineer, state, signature and download buttons; Sign only where the API allows it', async () => {
    base([
      letter({}),
      letter({ id: 'l-2', letter_type: 'electrical_load_calculations', name: 'Electrical letter.pdf', deliverable_state: 'sealed', signature_status: 'required', may_sign: true }),
      letter({ id: 'l-3', letter_type: 'busbar_certification', name: 'Busbar.pdf', deliverable_state: 'released', signature_status: 'signed', signed_by: 'Dana Reyes', signed_download_url: '/api/files/f-3s/download' }),
    ]);
    renderApp(<LettersPanel jobId="job-1" assigneeId={null} services={[]} />);
    const table = await screen.findByRole('table', { name: 'Letters' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Structural roof letter');
    expect(rows[0]).toHaveTextContent('Draft: awaiting the seal');
    expect(rows[0]).toHaveTextContent('Seal only');
    expect(within(rows[0]!).queryByRole('button', { name: /^Sign / })).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Waiting for signature');
    expect(within(rows[1]!).getByRole('button', { name: 'Sign Electrical letter.pdf' })).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('Signed by Dana Reyes');
    expect(rows[2]).toHaveTextContent('Sealed, released');
    expect(within(rows[2]!).getByRole('button', { name: 'Signed PDF of Busbar.pdf, download' })).toBeInTheDocument();
  });

  it('ticks the letters the services and requirements ask for, and sends exactly the chosen ones', async () => {
    const api = base([], {
      'GET /jobs/job-1/requirements': requirementsOn('post_install_letter'),
      'POST /jobs/job-1/generate-letters': { run_id: 'run-9', status: 'queued' },
    });
    const { user } = renderApp(<LettersPanel jobId="job-1" assigneeId={null} services={['structural_roof_letter']} />);
    expect(await screen.findByText(/No letters generated yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate letters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate letters' });
    expect(within(dialog).getByLabelText('Structural roof letter')).toBeChecked();
    expect(within(dialog).getByLabelText('Post-install letter')).toBeChecked();
    expect(within(dialog).getByLabelText('Busbar certification')).not.toBeChecked();
    await user.click(within(dialog).getByLabelText('Post-install letter'));
    await user.click(within(dialog).getByLabelText('Busbar certification'));
    await user.click(within(dialog).getByLabelText("Include the engineer's digital signature"));
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await screen.findByTestId('letters-progress')).toHaveTextContent('Queued');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [call] = api.callsTo('POST /jobs/job-1/generate-letters');
    expect(call!.body).toEqual({ letter_types: ['structural_roof_letter', 'busbar_certification'], include_digital_signature: true });
  });

  it('refuses in the dialog before calling the API: no letter, a revision without its reason, seismic without the roof area', async () => {
    const api = base();
    const { user } = renderApp(<LettersPanel jobId="job-1" assigneeId={null} services={['revision_letter']} />);
    await user.click(await screen.findByRole('button', { name: 'Generate letters' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(within(dialog).getByTestId('letters-refusal')).toHaveTextContent('A revision letter needs the reason and what changed.');
    await user.click(within(dialog).getByLabelText(/Reason for the revision/));
    await user.paste('Moved array');
    await user.click(within(dialog).getByLabelText(/What changed/));
    await user.paste('Array B now on the south plane');
    await user.click(within(dialog).getByLabelText('Seismic calculations'));
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(within(dialog).getByTestId('letters-refusal')).toHaveTextContent('Roof plan area (ft²): enter a number.');
    await user.click(within(dialog).getByLabelText('Seismic calculations'));
    await user.click(within(dialog).getByLabelText('Revision letter'));
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(within(dialog).getByTestId('letters-refusal')).toHaveTextContent('Choose at least one letter.');
    expect(api.callsTo('POST /jobs/job-1/generate-letters')).toHaveLength(0);
  });

  it("shows the API's refusal in the dialog and keeps it open", async () => {
    base([], { 'POST /jobs/job-1/generate-letters': refusal(422, 'No engineer is licensed in FL for the structural letters.') });
    const { user } = renderApp(<LettersPanel jobId="job-1" assigneeId={null} services={['structural_roof_letter']} />);
    await user.click(await screen.findByRole('button', { name: 'Generate letters' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await within(dialog).findByTestId('letters-refusal')).toHaveTextContent('No engineer is licensed in FL for the structural letters.');
  });

  it('follows a run it started through its events, and a failed run can be dismissed', async () => {
    const api = base([], { 'POST /jobs/job-1/generate-letters': { run_id: 'run-9', status: 'queued' } });
    const live = await liveEvents(api);
    stopStream = live.stop;
    const { user } = renderApp(<LettersPanel jobId="job-1" assigneeId={null} services={['structural_roof_letter']} />);
    await user.click(await screen.findByRole('button', { name: 'Generate letters' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Generate' }));
    await screen.findByTestId('letters-progress');
    live.send('calculations_initiated', { job_id: 'job-1', run_id: 'another-run' });
    live.send('calculations_passed', { job_id: 'job-1', run_id: 'run-9' });
    expect(await screen.findByText('Calculations passed: writing the letters')).toBeInTheDocument();
    expect(screen.getAllByTestId('letters-progress')).toHaveLength(1);
    live.send('calculations_failed', { job_id: 'job-1', run_id: 'run-9', message: 'Roof plane A has no rafter spacing.' });
    const failure = await screen.findByTestId('letters-failure');
    expect(failure).toHaveTextContent('Calculations failed. Roof plane A has no rafter spacing.');
    await user.click(within(failure).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('letters-failure')).not.toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem('sunstamp.letters-dismissed.job-1') ?? '[]')).toEqual(['run-9']);
  });

  it('the sign dialog asks for the certificate file before anything is sent', async () => {
    base([letter({ deliverable_state: 'sealed', signature_status: 'required', may_sign: true })]);
    const { user } = renderApp(<LettersPanel jobId="job-1" assigneeId={null} services={[]} />);
    await user.click(await screen.findByRole('button', { name: 'Sign Structural roof letter.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign Structural roof letter' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign' }));
    expect(within(dialog).getByText('Choose your certificate file (.p12 or .pfx).')).toBeInTheDocument();
    await user.upload(within(dialog).getByTestId('sign-p12-input'), new File(['p12'], 'dana.p12', { type: 'application/x-pkcs12' }));
    expect(within(dialog).getByText('dana.p12')).toBeInTheDocument();
  });
});
