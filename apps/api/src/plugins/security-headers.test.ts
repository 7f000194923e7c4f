import http from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetHeaders } from './security-headers';

const OPTIONS = {
  hsts: false,
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } },
};

/** The headers helmet's own middleware sets on a real response. */
async function headersFromMiddleware(): Promise<Record<string, string>> {
  const middleware = helmet(OPTIONS);
  const server = http.createServer((request, response) => middleware(request, response, () => response.end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const headers: Record<string, string> = {};
    for (const [name, value] of answer.headers) {
      if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name)) {
        headers[name] = value;
      }
    }
    return headers;
  } finally {
    server.close();
  }
}

describe('security headers worked out once', () => {
  it('are exactly the headers helmet sets on a response', async () => {
    const once = helmetHeaders(OPTIONS);
    expect(once['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(once).toEqual(await headersFromMiddleware());
  });
});
