import { needsOfService } from '@sunstamp/domain/jobs/deliverables.rules';
import { INSTALLER, PASSWORD, SUPPORT, baseUrl } from './support.ts';

/** A signed-in API caller (bearer and CSRF as the web client sends them); a FormData body goes as multipart. */
export type Call = (method: string, path: string, body?: unknown) => Promise<any>;
export async function apiAs(email: string): Promise<Call> {
  const csrfOf = async (headers: Record<string, string> = {}) =>
    ((await (await fetch(`${baseUrl}/api/auth/csrf/`, { headers })).json()) as { csrfToken: string }).csrfToken;
  const login = await fetch(`${baseUrl}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-CSRFToken': await csrfOf() },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { access } = (await login.json()) as { access: string };
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

export const SEAL = { engineer_name: 'Dana Reyes, P.E.', licence_state: 'TX', licence_number: 'PE 131072' };

/** A small PDF whose bytes name what it is. */
export const pdfOf = (label: string) => Buffer.from(`%PDF-1.4\n% ${label}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);

/** What the client fills in to open the job. */
export interface NewJob {
  name: string;
  client_name: string;
  client_street_address: string;
  services_requested: string[];
}

/**
 * A job as the specs start from: the client (the installer) opens and submits it, then staff
 * (support) move it through `statuses` in order. Answers its id and both callers.
 */
export async function submittedJob(job: NewJob, statuses: readonly string[] = []): Promise<{ jobId: string; client: Call; staff: Call }> {
  const client = await apiAs(INSTALLER);
  const staff = await apiAs(SUPPORT);
  const { id } = await client('PUT', '/jobs', job);
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

/** Staff upload and mark, as sealed documents, what the job's services require for its current revision. */
export async function deliverRequired(staff: Call, jobId: string): Promise<void> {
  const job = await staff('GET', `/jobs/${jobId}`);
  const kinds = new Set<string>(job.services_requested.flatMap((s: string) => needsOfService(s).map((n) => n.kinds[0])));
  for (const kind of kinds) {
    const file = await uploadPdf(staff, jobId, kind === 'plan_set' ? 'cad' : 'letter', `${kind}.pdf`, pdfOf(kind));
    await staff('POST', `/jobs/${jobId}/deliverables`, { file_id: file.id, kind, state: 'sealed', seal: SEAL });
  }
}
