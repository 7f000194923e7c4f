/** The API described as OpenAPI 3.1, generated from the routes' zod schemas: GET /api/openapi.json, and a readable
 * reference at /api/docs whose scripts and styles are served from this process (nothing is fetched elsewhere).
 * Each operation also says who may call it, read from the route's guard (requirePermission / requireAuth) and the
 * contract's PERMISSIONS table, and which error answers ({detail}) it can give. Register before the routes. */
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DOCUMENT_TYPES,
  errorBodySchema,
  LIST_HEADERS,
  MAX_CHECKED_PDF_BYTES,
  MAX_UPLOAD_BYTES,
  PERMISSIONS,
  ROLES,
  type Permission,
  type Role,
} from '@portal/contract';
import { guardOf } from './auth';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

type JsonSchema = Record<string, unknown>;

const MB = MAX_UPLOAD_BYTES / 1_048_576;

/** Request bodies the routes read by hand (multipart uploads, a raw PDF), so no zod body schema declares them, by
 * content type. Keyed by `METHOD url`; the test checks every key is a real route. */
export const HAND_READ_BODIES: Record<string, Record<string, JsonSchema>> = {
  'POST /api/verify': {
    'application/pdf': {
      type: 'string',
      contentMediaType: 'application/pdf',
      description: `The PDF to check, as its raw bytes (at most ${MAX_CHECKED_PDF_BYTES / 1_048_576} MB).`,
    },
  },
  'POST /api/applications/:id/documents': {
    'multipart/form-data': {
      type: 'object',
      description: `One document: the file (at most ${MB} MB) and its type.`,
      required: ['file', 'document_type'],
      properties: {
        file: { type: 'string', contentMediaType: 'application/octet-stream' },
        document_type: { type: 'string', enum: [...DOCUMENT_TYPES] },
      },
    },
  },
  'POST /api/allotments/:id/lease-deed': {
    'multipart/form-data': {
      type: 'object',
      description: `The signed lease deed as a PDF of at most ${MB} MB.`,
      required: ['file'],
      properties: { file: { type: 'string', contentMediaType: 'application/pdf' } },
    },
  },
  'POST /api/assets/import': {
    'multipart/form-data': {
      type: 'object',
      description: `The CSV of assets (at most ${MB} MB) in the part named file.`,
      required: ['file'],
      properties: { file: { type: 'string', contentMediaType: 'text/csv' } },
    },
    'text/csv': { type: 'string', description: 'The CSV of assets as the whole body.' },
  },
  'POST /api/bank-statements': {
    'multipart/form-data': {
      type: 'object',
      description: `The bank account statement as CSV (at most ${MB} MB; README: "Bank statement format") in the part named file.`,
      required: ['file'],
      properties: { file: { type: 'string', contentMediaType: 'text/csv' } },
    },
  },
};

/** Bodies read from more than JSON. */
export const OTHER_CONSUMES: Record<string, string[]> = {
  'POST /api/auth/login': ['application/x-www-form-urlencoded', 'application/json'],
};

/** Answers of public routes that their guard does not imply. */
export const EXTRA_ANSWERS: Record<string, number[]> = {
  'POST /api/auth/login': [401, 429],
  'POST /api/auth/register': [409, 429],
  'POST /api/auth/forgot-password': [429],
  'POST /api/auth/reset-password': [429],
  'POST /api/auth/change-password': [429],
};

/** Who may call a route, from its preHandler guard. */
export interface RouteAccess {
  kind: 'public' | 'signed-in' | 'permission';
  permissions: readonly Permission[];
  roles: readonly Role[];
}

export function accessOf(route: Pick<RouteOptions, 'preHandler'>): RouteAccess {
  const handlers = [route.preHandler ?? []].flat();
  for (const handler of handlers) {
    const guard = guardOf(handler);
    if (guard === 'signed-in') return { kind: 'signed-in', permissions: [], roles: ROLES };
    if (guard) {
      const granted = new Set<Role>(guard.flatMap((permission) => PERMISSIONS[permission]));
      return { kind: 'permission', permissions: guard, roles: ROLES.filter((role) => granted.has(role)) };
    }
  }
  return { kind: 'public', permissions: [], roles: [] };
}

function accessText(access: RouteAccess): string {
  if (access.kind === 'public') return 'Public: no sign-in needed.';
  if (access.kind === 'signed-in')
    return 'Any signed-in user. What each role sees is limited by the server (an entrepreneur only their own records).';
  return `Roles: ${access.roles.join(', ')} (permission ${access.permissions.join(' or ')}).`;
}

/** What each answer means when the route does not say. */
const ANSWER_TEXT: Record<string, string> = {
  200: 'Success.',
  201: 'Created.',
  204: 'Done; no body.',
  400: 'The request could not be read (for example malformed JSON or a missing file).',
  401: 'Not signed in, or the session expired.',
  403: 'The role may not do this.',
  404: 'No such record, or it is not visible to the caller.',
  409: 'The record is not in a state that allows this, or it changed meanwhile.',
  413: 'The body or file is too large.',
  415: 'The file type or content type is not accepted.',
  422: 'The input is not valid; detail says what to fix.',
  429: 'Too many attempts; wait a minute.',
  500: 'Something went wrong on the server.',
};

const ERROR_ANSWERS: Record<string, z.ZodType> = Object.fromEntries(
  Object.entries(ANSWER_TEXT)
    .filter(([status]) => Number(status) >= 400)
    .map(([status, description]) => [status, errorBodySchema.meta({ description })]),
);

/** The error answers a route can give, from what it declares and how it is guarded. A route's own schema for a
 * status wins. */
function errorAnswers(method: string, url: string, schema: FastifySchema, access: RouteAccess) {
  const statuses: number[] = [];
  const changes = method !== 'GET' && method !== 'HEAD';
  if (changes) statuses.push(400);
  if (access.kind !== 'public') statuses.push(401, 403);
  if (url.includes(':')) statuses.push(404);
  if (changes && access.kind !== 'public') statuses.push(409);
  if (`${method} ${url}` in HAND_READ_BODIES) statuses.push(413, 415);
  if (schema.body || schema.querystring || schema.params || changes) statuses.push(422);
  statuses.push(...(EXTRA_ANSWERS[`${method} ${url}`] ?? []), 500);
  return Object.fromEntries([...new Set(statuses)].map((status) => [status, ERROR_ANSWERS[status]!]));
}

const PAGE_HEADERS = {
  [LIST_HEADERS.total]: { type: 'integer', description: 'How many items the whole list holds.' },
  [LIST_HEADERS.totalCapped]: { type: 'string', description: '"true" when the total was counted only up to a cap.' },
  [LIST_HEADERS.nextCursor]: { type: 'string', description: 'The cursor of the next page, when there is one.' },
  [LIST_HEADERS.link]: { type: 'string', description: 'RFC 8288 links to the next and previous pages.' },
};

function isPagedList(transformed: FastifySchema): boolean {
  const query = transformed.querystring as JsonSchema | undefined;
  const properties = (query?.properties ?? {}) as JsonSchema;
  const ok = (transformed.response as Record<string, JsonSchema> | undefined)?.['200'];
  return 'limit' in properties && ok?.type === 'array';
}

const zodTransform = createJsonSchemaTransform({});

/** Everything outside /api (the web app's files) stays out of the document. A prefix's root route is also reachable
 * without its trailing slash, the form clients use, so the document names it that way. */
const apiTransform: typeof zodTransform = (document) => {
  const { route } = document;
  const url = document.url.length > 1 ? document.url.replace(/\/$/, '') : document.url;
  if (!url.startsWith('/api/') || document.schema?.hide) return { schema: { hide: true } as FastifySchema, url };
  const schema: FastifySchema = document.schema ?? {};
  const method = String(route.method);
  const access = accessOf(route);
  const declared = (schema.response ?? {}) as Record<string, unknown>;
  const withErrors: FastifySchema & Record<string, unknown> = {
    ...schema,
    response: { ...errorAnswers(method, url, schema, access), ...declared },
    tags: [url.split('/')[2] ?? 'api'],
    description: [schema.description, accessText(access)].filter(Boolean).join('\n\n'),
    'x-roles': [...access.roles],
    'x-permissions': [...access.permissions],
    ...(access.kind === 'public' ? {} : { security: [{ bearer: [] }] }),
  };
  const result = zodTransform({ ...document, url, schema: withErrors });
  const transformed = result.schema as FastifySchema & Record<string, unknown>;
  const responses = (transformed.response ?? {}) as Record<string, JsonSchema>;

  // A route that streams a file (or answers without a schema) still has a success answer.
  if (!Object.keys(declared).some((status) => status.startsWith('2'))) {
    responses['200'] = {
      description: 'Success. The body (a file, an export or a small JSON object) is not described by a schema.',
      content: { '*/*': { schema: {} } },
    };
  }
  if (isPagedList(transformed)) {
    responses['200'] = {
      ...responses['200'],
      description: 'One page of the list; the headers say where the next page is.',
      headers: PAGE_HEADERS,
    };
  }
  for (const [status, answer] of Object.entries(responses)) {
    if (!answer.description && !answer['x-response-description'] && ANSWER_TEXT[status])
      answer['x-response-description'] = ANSWER_TEXT[status];
  }
  transformed.response = responses;

  const key = `${method} ${url}`;
  const handRead = HAND_READ_BODIES[key];
  if (handRead) {
    const content = Object.fromEntries(Object.entries(handRead).map(([type, body]) => [type, { schema: body }]));
    transformed.body = { content };
  }
  if (OTHER_CONSUMES[key]) transformed.consumes = OTHER_CONSUMES[key];
  return { schema: transformed, url: result.url };
};

export default fp(async function openapiPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Industrial Infrastructure Corporation portal API',
        version: '0.1.0',
        description:
          'Every answer is JSON unless it is a file. Errors answer `{detail}` with a readable message. Lists answer ' +
          'one page; the X-Total-Count, X-Next-Cursor and Link headers say how to read the rest. Sign in with ' +
          'POST /api/auth/login and send the token as `Authorization: Bearer <token>`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: apiTransform,
    transformObject: createJsonSchemaTransformObject({}),
  });

  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // The page's scripts, styles and images are all this package's own files; no validator badge.
    validatorUrl: false,
    uiConfig: { deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 },
    theme: { title: 'Portal API reference' },
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
});
