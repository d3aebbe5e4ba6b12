import { needsOfService } from '@sunstamp/domain/jobs/deliverables.rules';
import { ADMIN, INSTALLER, SUPPORT, baseUrl, tokensOf } from './support.ts';

/** A signed-in API caller (bearer and CSRF as the web client sends them); a FormData body goes as multipart. */
export type Call = (method: string, path: string, body?: unknown) => Promise<any>;
export async function apiAs(email: string): Promise<Call> {
  const csrfOf = async (headers: Record<string, string> = {}) =>
    ((await (await fetch(`${baseUrl}/api/auth/csrf/`, { headers })).json()) as { csrfToken: string }).csrfToken;
  // Through the shared sign-in: a refusal fails here with its reason (it used to surface later as
  // a 401 on the first call, with a missing token), a burst's 429 is tried again.
  const { access } = await tokensOf(email);
  const auth = { authorization: `Bearer ${access}` };
  const csrf = await csrfOf(auth);
  return async (method, path, body) => {
    const form = body instanceof FormData;
    const r = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: { ...auth, 'X-CSRFToken': csrf, ...(body === undefined || form ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
    const data = r.status === 204 ? null : await r.json();
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(data)}`);
    return data;
  };
}

/** A one-page PDF (US Letter) that says what it is: readers open it and the seal step can draw on it. */
export function pdfOf(label: string): Buffer<ArrayBuffer> {
  const text = `BT /F1 14 Tf 56 720 Td (${label.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => { offsets.push(out.length); out += `${i + 1} 0 obj\n${o}\nendobj\n`; });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1') as Buffer<ArrayBuffer>;
}

/** What the client fills in to open the job (in Austin, TX unless it says otherwise: a seal needs the job's state). */
export interface NewJob {
  name: string;
  client_name: string;
  client_street_address: string;
  services_requested: string[];
  city?: string;
  state?: number;
  client_zip_code?: string;
  /** Copies and shipping address, asked with the Wet Stamp service (issue 29, item 11). */
  wet_stamp_order?: { copies: number; recipient: string; street: string; city: string; state: string; zip: string };
}

/** The id of a US state in /states. */
export async function stateId(call: Call, abbreviation: string): Promise<number> {
  return ((await call('GET', '/states')) as { id: number; abbreviation: string }[]).find((s) => s.abbreviation === abbreviation)!.id;
}

/**
 * A job as the specs start from: the client (the installer) opens and submits it, then staff
 * (support) move it through `statuses` in order. Answers its id and both callers.
 */
export async function submittedJob(job: NewJob, statuses: readonly string[] = []): Promise<{ jobId: string; client: Call; staff: Call }> {
  const client = await apiAs(INSTALLER);
  const staff = await apiAs(SUPPORT);
  const { id } = await client('PUT', '/jobs', { city: 'Austin', state: await stateId(client, 'TX'), client_zip_code: '78702', ...job });
  await client('POST', `/jobs/${id}/submit`, {});
  for (const status of statuses) await staff('POST', `/jobs/${id}/status`, { status });
  return { jobId: id as string, client, staff };
}

/** Uploads one PDF to the job as a plan-set sheet (`cad`, PV-01) or an engineering letter; answers the file. */
export async function uploadPdf(staff: Call, jobId: string, as: 'cad' | 'letter', name: string, bytes: Buffer<ArrayBuffer>): Promise<{ id: string }> {
  const form = new FormData();
  form.append('kind', as);
  form.append('category', as === 'cad' ? 'PV-01' : 'Engineering');
  form.append('files', new Blob([bytes], { type: 'application/pdf' }), name);
  const [file] = await staff('POST', `/jobs/${jobId}/files`, form);
  return file;
}

/**
 * Staff upload and mark what the job's services require for its current revision; the demo engineer
 * (Dana Whitfield, whose account is the demo admin's) seals those a service needs sealed.
 */
export async function deliverRequired(staff: Call, jobId: string): Promise<void> {
  const job = await staff('GET', `/jobs/${jobId}`);
  const needs = job.services_requested.flatMap((s: string) => needsOfService(s));
  const engineer = await demoEngineer();
  const admin = await apiAs(ADMIN);
  for (const kind of new Set<string>(needs.map((n: { kinds: string[] }) => n.kinds[0]))) {
    const file = await uploadPdf(staff, jobId, kind === 'plan_set' ? 'cad' : 'letter', `${kind}.pdf`, pdfOf(kind));
    await staff('POST', `/jobs/${jobId}/deliverables`, { file_id: file.id, kind });
    if (needs.some((n: { kinds: string[]; sealed: boolean }) => n.kinds[0] === kind && n.sealed)) await admin('POST', `/deliverables/${file.id}/seal`, { engineer_id: engineer.id });
  }
}

/** The demo workspace's engineer (seeded by npm start): licensed in AZ, TX, CO and FL, sealing from the admin's account. */
export async function demoEngineer(): Promise<{ id: string; name: string; licences: { state: string; number: string }[] }> {
  const list = (await (await apiAs(ADMIN))('GET', '/engineers')) as { id: string; name: string; is_demo: boolean; licences: { state: string; number: string }[] }[];
  return list.find((e) => e.is_demo)!;
}
