import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLES } from '@portal/contract';
import { GATEWAY_SIGNED_ROUTES } from '../security/expected-access';
import { createTestContext, type TestContext } from '../test/harness';
import { DOCS_PREFIX, EXTRA_ANSWERS, HAND_READ_BODIES, OPENAPI_PATH, OTHER_CONSUMES } from './openapi';

interface Operation {
  description?: string;
  security?: unknown[];
  'x-roles': string[];
  'x-permissions': string[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/** Every route the app registered, as `METHOD /path`, read from fastify's own route tree (HEAD left out). */
function registeredRoutes(tree: string): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line.trimEnd());
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const methods = (match[3] ?? '').split(',').map((method) => method.trim());
    for (const method of methods) if (method && method !== 'HEAD') routes.push(`${method} ${stack.join('')}`);
  }
  return routes;
}

/** `/api/x/:id/` as the document names it: `/api/x/{id}`. */
const documentPath = (url: string) => url.replace(/(.)\/$/, '$1').replace(/:(\w+)/g, '{$1}');

const PUBLIC = [
  'POST /api/auth/login',
  'POST /api/auth/register',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/auth/code',
  'POST /api/auth/code/sign-in',
  'GET /api/health',
  'GET /api/verify/:code',
  'POST /api/verify',
  'GET /api/organization',
  'GET /api/public/performance',
  'GET /api/public/schemes/:schemeNumber',
  'GET /api/public/grievance-figures',
  // The investor handed over from the state's single window: its signed token is the credential (decision 036).
  'POST /api/single-window/handoff',
];

describe('the OpenAPI document and the API reference', () => {
  let ctx: TestContext;
  let document: Document;
  let routes: string[];
  beforeAll(async () => {
    ctx = await createTestContext({ seed: false });
    const response = await ctx.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    document = response.json();
    routes = registeredRoutes(ctx.app.printRoutes({ commonPrefix: false })).filter(
      (route) =>
        !route.split(' ')[1]!.startsWith(DOCS_PREFIX) &&
        route !== `GET ${OPENAPI_PATH}` &&
        // The payment gateway's signed redirect back and webhook, and the eSign provider's answer, are their calls, not
        // the API's: left out (hide).
        !GATEWAY_SIGNED_ROUTES.test(route),
    );
  });
  afterAll(() => ctx.close());

  const operation = (route: string): Operation | undefined => {
    const [method, url] = route.split(' ') as [string, string];
    return document.paths[documentPath(url)]?.[method.toLowerCase()];
  };

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(document as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists every API route, and nothing else', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((route) => !operation(route))).toEqual([]);
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const expected = new Set(routes.map((route) => `${route.split(' ')[0]} ${documentPath(route.split(' ')[1]!)}`));
    expect(documented.filter((route) => !expected.has(route))).toEqual([]);
  });

  it('says who may call each operation, from its guard and the PERMISSIONS table', () => {
    for (const route of routes) {
      const op = operation(route)!;
      if (PUBLIC.includes(route)) {
        expect(op['x-roles'], route).toEqual([]);
        expect(op.security, route).toBeUndefined();
        continue;
      }
      // Every other route is guarded, and says so.
      expect(op['x-roles'].length, route).toBeGreaterThan(0);
      expect(op.security, route).toEqual([{ bearer: [] }]);
      const fromTable = new Set(op['x-permissions'].flatMap((p) => PERMISSIONS[p as keyof typeof PERMISSIONS]));
      if (op['x-permissions'].length) expect(new Set(op['x-roles']), route).toEqual(fromTable);
      else expect(op['x-roles'], route).toEqual([...ROLES]);
    }
    expect(operation('PATCH /api/users/:id')!['x-roles']).toEqual(['admin']);
    expect(operation('PATCH /api/users/:id')!.description).toContain('manage:users');
    expect(operation('GET /api/service-requests')!['x-permissions']).toEqual([
      'manage:service-request:own',
      'read:service-request:any',
    ]);
  });

  it('describes request schemas, answers and {detail} error answers', () => {
    const create = operation('POST /api/applications')!;
    expect(create.requestBody?.content['application/json']).toBeTruthy();
    expect(create.responses['201']?.content?.['application/json']).toBeTruthy();
    for (const status of ['401', '403', '409', '422', '500']) {
      const schema = create.responses[status]?.content?.['application/json']?.schema;
      expect(schema?.required, status).toContain('detail');
    }
    const list = operation('GET /api/applications')!;
    expect(Object.keys((list.responses['200'] as { headers?: object }).headers ?? {})).toContain('X-Total-Count');
    expect(operation('GET /api/applications/:id')!.responses['404']).toBeTruthy();
    expect(operation('POST /api/auth/login')!.requestBody?.content).toHaveProperty('application/x-www-form-urlencoded');
    expect(operation('POST /api/applications/:id/documents')!.requestBody?.content).toHaveProperty(
      'multipart/form-data',
    );
    // Every operation has a success answer.
    for (const route of routes) {
      expect(
        Object.keys(operation(route)!.responses).some((status) => status.startsWith('2')),
        route,
      ).toBe(true);
    }
  });

  it('names only real routes in its hand-written tables', () => {
    for (const key of [
      ...Object.keys(HAND_READ_BODIES),
      ...Object.keys(OTHER_CONSUMES),
      ...Object.keys(EXTRA_ANSWERS),
    ]) {
      expect(routes, key).toContain(key);
    }
  });

  it('serves a readable reference at /api/docs from this server alone', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: DOCS_PREFIX });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).not.toMatch(/\/\/[a-z0-9.-]+\.[a-z]{2,}/i);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThan(3);
    for (const asset of assets) {
      expect(asset.startsWith(`${DOCS_PREFIX}/static/`), asset).toBe(true);
      const file = await ctx.app.inject({ method: 'GET', url: asset });
      expect(file.statusCode, asset).toBe(200);
    }
    // The page's own script and CSP: scripts only from this origin, which is all the page uses.
    const initializer = await ctx.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/static/swagger-initializer.js` });
    const code = initializer.body
      .split('\n')
      .filter((line) => !line.trim().startsWith('//'))
      .join('\n');
    expect(code).not.toMatch(/https?:\/\//);
    expect(initializer.body).toContain('validatorUrl: null');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    // The reference reads the same document.
    const json = await ctx.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/json` });
    expect(json.json().paths).toEqual(document.paths);
  });
});
