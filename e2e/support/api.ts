/** Driving the portal's API from a journey, for the steps a spec sets up rather than walks in the browser. */
import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, type DemoRole } from './session';

/** A tiny but well-formed PDF, which the upload's file signature check accepts. */
export const PDF = (label: string) => Buffer.from(`%PDF-1.4\n% ${label}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);

export type Headers = { authorization: string };

/** Signs a demo role in through the API; answers the header that carries its token. */
export async function apiLogin(request: APIRequestContext, role: DemoRole): Promise<Headers> {
  const login = await request.post('/api/auth/login', {
    form: { username: DEMO[role].email, password: DEMO_PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
  return { authorization: `Bearer ${(await login.json()).access_token}` };
}

/** One call that must succeed; answers its JSON body (undefined when it has none). */
export async function api<T = unknown>(
  request: APIRequestContext,
  headers: Headers,
  method: 'get' | 'post' | 'put',
  url: string,
  data?: object,
): Promise<T> {
  const response = await request[method](url, { headers, ...(data && { data }) });
  expect(response.ok(), `${method.toUpperCase()} ${url}: ${await response.text()}`).toBe(true);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface NewCase {
  /** Which available asset, counted from the end of the first 200 (journeys take different ones). */
  assetFromEnd: number;
  description: string;
  investment: number;
  jobs: number;
}

/** The owner creates an application with the three required documents and submits it. */
export async function submitCase(
  request: APIRequestContext,
  owner: Headers,
  { assetFromEnd, description, investment, jobs }: NewCase,
): Promise<{ id: string; application_number: string; asset_id: string }> {
  const assets = await api<{ id: string }[]>(request, owner, 'get', '/api/assets/available?limit=200');
  const created = await api<{ id: string; application_number: string; asset_id: string }>(
    request,
    owner,
    'post',
    '/api/applications',
    {
      asset_id: assets.at(-assetFromEnd)!.id,
      application_type: 'new',
      project_description: description,
      estimated_investment: investment,
      employment_generation: jobs,
    },
  );
  for (const type of ['dpr', 'pan_card', 'bank_proof']) {
    const upload = await request.post(`/api/applications/${created.id}/documents`, {
      headers: owner,
      multipart: { document_type: type, file: { name: `${type}.pdf`, mimeType: 'application/pdf', buffer: PDF(type) } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
  }
  await api(request, owner, 'post', `/api/applications/${created.id}/submit`);
  return created;
}
