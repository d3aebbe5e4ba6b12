import { needsOfService } from '@sunstamp/domain/jobs/deliverables.rules';
import { PASSWORD, baseUrl } from './support.ts';

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

/** Staff upload and mark, as sealed documents, what the job's services require for its current revision. */
export async function deliverRequired(staff: Call, jobId: string): Promise<void> {
  const job = await staff('GET', `/jobs/${jobId}`);
  const kinds = new Set<string>(job.services_requested.flatMap((s: string) => needsOfService(s).map((n) => n.kinds[0])));
  for (const kind of kinds) {
    const form = new FormData();
    form.append('kind', kind === 'plan_set' ? 'cad' : 'letter');
    form.append('category', kind === 'plan_set' ? 'PV-01' : 'Engineering');
    form.append('files', new Blob([pdfOf(kind)], { type: 'application/pdf' }), `${kind}.pdf`);
    const [file] = await staff('POST', `/jobs/${jobId}/files`, form);
    await staff('POST', `/jobs/${jobId}/deliverables`, { file_id: file.id, kind, state: 'sealed', seal: SEAL });
  }
}
