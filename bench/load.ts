/** Load with autocannon, bounded in time: each endpoint is run `runs` times for `seconds` at `connections`. */
import http from 'node:http';
import autocannon from 'autocannon';

export interface LoadSettings {
  connections: number;
  seconds: number;
  runs: number;
}

export interface RunFigures {
  p50: number;
  p99: number;
  rps: number;
  requests: number;
  errors: number;
}

export interface EndpointFigures {
  /** Median of the runs, with the min and max. */
  p50: Spread;
  p99: Spread;
  rps: Spread;
  /** Body bytes of one answer without compression, and as sent to a browser that accepts br/gzip. */
  bodyBytes: number;
  wireBytes: number;
  encoding: string;
  /** Non-2xx answers, socket errors and timeouts over all runs. */
  errors: number;
  /** Runs in which not one request completed (a slow endpoint with 50 requests queued); left out of the spread. */
  emptyRuns: number;
  /** Set when the endpoint was not put under load (a single request failed or took too long). */
  skipped?: string;
  single: { ms: number; status: number };
}

export interface Spread {
  median: number;
  min: number;
  max: number;
}

export function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, min: sorted[0]!, max: sorted.at(-1)! };
}

/** What a browser sends besides the token. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };

/** One request with node:http (no automatic decompression), answering status, byte count, encoding and time. */
export function single(
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<{ status: number; bytes: number; encoding: string; ms: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { headers, timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: response.statusCode ?? 0,
          bytes: body.length,
          encoding: String(response.headers['content-encoding'] ?? 'identity'),
          ms: performance.now() - started,
          body,
        });
      });
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`timed out after ${timeoutMs} ms`)));
    request.on('error', reject);
  });
}

async function cannon(url: string, headers: Record<string, string>, settings: LoadSettings): Promise<RunFigures> {
  const result = await autocannon({
    url,
    connections: settings.connections,
    duration: settings.seconds,
    timeout: 30,
    headers,
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.total / (result.duration || settings.seconds),
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** Limits for putting an endpoint under load: a single answer slower or larger than this is reported, not loaded. */
export const SINGLE_LIMITS = { ms: 10_000, bytes: 20 * 1024 * 1024 };

export async function measureEndpoint(
  url: string,
  token: string | undefined,
  settings: LoadSettings,
): Promise<EndpointFigures> {
  const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const empty = { median: 0, min: 0, max: 0 };
  let plain: Awaited<ReturnType<typeof single>>;
  let wire: Awaited<ReturnType<typeof single>>;
  try {
    plain = await single(url, { ...auth, accept: 'application/json' }, 120_000);
    wire = await single(url, { ...auth, ...BROWSER_HEADERS }, 120_000);
  } catch (error) {
    return {
      p50: empty,
      p99: empty,
      rps: empty,
      bodyBytes: 0,
      wireBytes: 0,
      encoding: '-',
      emptyRuns: 0,
      errors: 1,
      skipped: `single request failed: ${(error as Error).message}`,
      single: { ms: 0, status: 0 },
    };
  }
  const base = {
    emptyRuns: 0,
    bodyBytes: plain.bytes,
    wireBytes: wire.bytes,
    encoding: wire.encoding,
    single: { ms: plain.ms, status: plain.status },
  };
  if (plain.status >= 300) {
    return { ...base, p50: empty, p99: empty, rps: empty, errors: 1, skipped: `answered ${plain.status}` };
  }
  if (plain.ms > SINGLE_LIMITS.ms || plain.bytes > SINGLE_LIMITS.bytes) {
    return {
      ...base,
      p50: { median: plain.ms, min: plain.ms, max: plain.ms },
      p99: empty,
      rps: empty,
      errors: 0,
      skipped: `one request took ${(plain.ms / 1000).toFixed(1)} s for ${(plain.bytes / 1024 / 1024).toFixed(1)} MiB: not loaded with ${settings.connections} connections`,
    };
  }
  const runs: RunFigures[] = [];
  for (let run = 0; run < settings.runs; run++) runs.push(await cannon(url, { ...auth, ...BROWSER_HEADERS }, settings));
  const answered = runs.filter((run) => run.requests > 0);
  if (answered.length === 0) {
    return {
      ...base,
      p50: empty,
      p99: empty,
      rps: empty,
      errors: runs.reduce((sum, run) => sum + run.errors, 0),
      emptyRuns: runs.length,
      skipped: `no answer completed within ${settings.seconds} s at ${settings.connections} connections`,
    };
  }
  return {
    ...base,
    p50: spread(answered.map((run) => run.p50)),
    p99: spread(answered.map((run) => run.p99)),
    rps: spread(answered.map((run) => run.rps)),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    emptyRuns: runs.length - answered.length,
  };
}

/** One request of a user's cycle in the mixed workload. */
export interface MixedStep {
  method: 'GET' | 'POST';
  path: string;
  token: string;
  body?: unknown;
}

/** Many users at once, each repeating the same cycle of reads and writes (signed in once, as people are): the
 * figures are over every request of every cycle. */
export async function measureMixed(base: string, steps: MixedStep[], settings: LoadSettings): Promise<EndpointFigures> {
  const requests = steps.map((step) => ({
    method: step.method,
    path: step.path,
    headers: {
      ...BROWSER_HEADERS,
      authorization: `Bearer ${step.token}`,
      ...(step.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(step.body === undefined ? {} : { body: JSON.stringify(step.body) }),
  }));
  const runs: RunFigures[] = [];
  for (let run = 0; run < settings.runs; run++) {
    const result = await autocannon({
      url: base,
      connections: settings.connections,
      duration: settings.seconds,
      timeout: 30,
      requests,
    });
    runs.push({
      p50: result.latency.p50,
      p99: result.latency.p99,
      rps: result.requests.total / (result.duration || settings.seconds),
      requests: result.requests.total,
      errors: result.errors + result.timeouts + result.non2xx,
    });
  }
  const answered = runs.filter((run) => run.requests > 0);
  const empty = { median: 0, min: 0, max: 0 };
  return {
    p50: answered.length ? spread(answered.map((run) => run.p50)) : empty,
    p99: answered.length ? spread(answered.map((run) => run.p99)) : empty,
    rps: answered.length ? spread(answered.map((run) => run.rps)) : empty,
    bodyBytes: 0,
    wireBytes: 0,
    encoding: '-',
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    emptyRuns: runs.length - answered.length,
    single: { ms: 0, status: 200 },
  };
}
