import { apiAs, deliverRequired, stateId, submittedJob, type Call } from './deliverables-support.ts';
import { INSTALLER, SUPPORT } from './support.ts';

/*
 * Jobs a spec makes for itself through the API (the client is the demo installer of Acme Solar,
 * staff the demo support), in the state the spec reads: what a page shows then does not depend on
 * which demo job another spec moved, nor on the order of the run. Each name carries `tag`, unique
 * to the run and the spec, so a search finds the spec's own job.
 */

/** A tag unique enough to tell this spec's jobs from any other's in the same run. */
export const ownTag = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** The demo drafter (role contractor). */
export const CONTRACTOR = 'drafter@sunstamp.test';

/**
 * A draft of the client's filled in as far as the review, not submitted: address (Austin, TX),
 * two arrays (portrait and landscape), the CAD intake, a module, an inverter and a racking model from the catalogue, one
 * service. Every intake step opens with Next.
 */
export async function draftJob(name: string, client_name = 'Dee Draft'): Promise<string> {
  const client = await apiAs(INSTALLER);
  const staff = await apiAs(SUPPORT);
  const catalogue = async (kind: string) =>
    ((await staff('GET', `/equipment?kind=${kind}&page_size=200`)).results as { id: string; source: string }[]).find((e) => e.source === 'seed')!.id;
  const [texas, module, inverter, racking] = await Promise.all([stateId(client, 'TX'), catalogue('module'), catalogue('inverter'), catalogue('racking')]);
  const job = (await client('PUT', '/jobs', {
    name, client_name, client_street_address: '12 Elm St', city: 'Austin', state: texas, client_zip_code: '78702', services_requested: ['cad_packet'],
    arrays: [
      { panel_quantity: 12, roof_pitch: 22, frame_shape: '2x6', beam_spacing: 24, beam_span: [150], num_panels_on_rafter: 2, orientation: 'Portrait' },
      { panel_quantity: 6, roof_pitch: 18, frame_shape: '2x6', beam_spacing: 24, beam_span: [144], num_panels_on_rafter: 1, orientation: 'Landscape' },
    ],
    cad_intake: { msp_rating: 225, breaker_rating: 200, contractor_license_num: 'TECL-40211', interconnection: 'PV Breaker in MSP' },
  })) as { id: string };
  await client('PUT', `/jobs/${job.id}/equipment`, { lines: [
    { kind: 'module', equipment_id: module, quantity: 18 }, { kind: 'inverter', equipment_id: inverter, quantity: 1 },
    { kind: 'racking', equipment_id: racking, quantity: null },
  ] });
  return job.id;
}

/** Staff take a submitted job through design and release it: it waits in Pending Approval, on the client. */
export async function release(staff: Call, jobId: string) {
  for (const status of ['Pending Design', 'Pending QC']) await staff('POST', `/jobs/${jobId}/status`, { status });
  await deliverRequired(staff, jobId);
  for (const status of ['Design Completed', 'Finalized']) await staff('POST', `/jobs/${jobId}/status`, { status });
  await staff('POST', `/jobs/${jobId}/release`, {});
}

/** A CAD-packet job submitted, designed, delivered and released: Pending Approval, the client's to approve. */
export async function pendingApprovalJob(name: string, client_name = 'Ada Axe'): Promise<string> {
  const { jobId, staff } = await submittedJob({ name, client_name, client_street_address: '14 Elm St', services_requested: ['cad_packet'] });
  await release(staff, jobId);
  return jobId;
}

/** As `pendingApprovalJob`, then approved by the client. */
export async function approvedJob(name: string, client_name = 'Ada Axe'): Promise<string> {
  const id = await pendingApprovalJob(name, client_name);
  await (await apiAs(INSTALLER))('POST', `/jobs/${id}/status`, { status: 'Approved' });
  return id;
}

/** A submitted job in Pending Design (on staff), assigned to `assignee` when given. */
export async function inDesignJob(name: string, assignee?: string): Promise<string> {
  const { jobId, staff } = await submittedJob({ name, client_name: 'Cy Contractor', client_street_address: '16 Elm St', services_requested: ['cad_packet'] }, ['Pending Design']);
  if (assignee) {
    const users = await staff('GET', `/users?role=contractor&page_size=200&search=${encodeURIComponent(assignee)}`);
    const user = ((Array.isArray(users) ? users : users.results) as { id: string; email: string }[]).find((u) => u.email === assignee)!;
    await staff('POST', `/jobs/${jobId}/assign`, { assignee_id: user.id });
  }
  return jobId;
}

/** A submitted job on which staff asked the client a question (Pending Client): the client's to answer. */
export async function questionJob(name: string, question: string): Promise<string> {
  const { jobId } = await submittedJob({ name, client_name: 'Quinn Question', client_street_address: '18 Elm St', services_requested: ['cad_packet'] }, ['Pending Design']);
  await (await apiAs(SUPPORT))('POST', `/jobs/${jobId}/status`, { status: 'Pending Client', note: question });
  return jobId;
}
