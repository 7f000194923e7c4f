/** Driving the portal's API from a journey, for the steps a spec sets up rather than walks in the browser. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, type DemoRole } from './session';

/** A tiny but well-formed PDF, which the upload's file signature check accepts. */
export const PDF = (label: string) => Buffer.from(`%PDF-1.4\n% ${label}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);

/** A valid one-page PDF on disk, as the applicant's DPR would be. */
export function pdfOnDisk(name: string): string {
  const objects = [
    '1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj',
    '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj',
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const object of objects) {
    offsets.push(body.length);
    body += `${object}\n`;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-pdf-')), name);
  fs.writeFileSync(file, Buffer.from(body, 'latin1'));
  return file;
}

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
