// The sandbox SMS provider as the portal meets it: a SendMessage request with the DLT fields is taken and answered in
// the provider's text format, its segments counted; a wrong password, an unregistered sender or a TEXT message in
// Telugu is refused; it can be made to be down or to refuse; and a delivery report goes to the URL it is given.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_ACCOUNT, segmentsOf, startSmsSandbox, type SmsSandbox } from './sandbox';

const form = (fields: Record<string, string>) => ({
  method: 'SendMessage',
  v: '1.1',
  auth_scheme: 'plain',
  format: 'text',
  userid: SANDBOX_ACCOUNT.userId,
  password: SANDBOX_ACCOUNT.password,
  send_to: '919876543210',
  msg: 'Your application APP-2026-000001 was received by the industrial portal.',
  msg_type: 'TEXT',
  mask: SANDBOX_ACCOUNT.sender,
  principalEntityId: SANDBOX_ACCOUNT.entityId,
  dltTemplateId: '1107170000000000003',
  ...fields,
});

describe('the sandbox SMS provider', () => {
  let sandbox: SmsSandbox;
  let reports: URLSearchParams[];
  let receiver: http.Server;

  beforeAll(async () => {
    reports = [];
    receiver = http.createServer((request, response) => {
      reports.push(new URL(request.url ?? '/', 'http://x').searchParams);
      response.end('{}');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const port = (receiver.address() as AddressInfo).port;
    sandbox = await startSmsSandbox({
      port: 0,
      reportDelayMs: 5,
      deliveryReportUrl: `http://127.0.0.1:${port}/api/sms/delivery-reports/token`,
      log: () => undefined,
    });
  });
  afterAll(async () => {
    await sandbox.close();
    receiver.close();
  });

  const send = (fields: Record<string, string> = {}) =>
    fetch(sandbox.sendUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form(fields)).toString(),
    });

  it('takes a DLT message, answers with its id, shows it for the number and reports its delivery', async () => {
    const answer = await send();
    expect(answer.status).toBe(200);
    const [word, to, id] = (await answer.text()).split('|').map((part) => part.trim());
    expect(word).toBe('success');
    expect(to).toBe('919876543210');
    expect(id).toMatch(/^\d{19}-\d{10}$/);
    expect(sandbox.messages('919876543210')[0]).toMatchObject({ id, segments: 1, unicode: false });
    await expect.poll(() => reports.length).toBe(1);
    expect(Object.fromEntries(reports[0]!)).toMatchObject({ externalId: id, status: 'SUCCESS', noOfFrags: '1' });
    const page = await (await fetch(`${sandbox.url}/messages?to=9876543210`)).text();
    expect(page).toContain('TEST MODE');
    expect(page).toContain('APP-2026-000001');
  });

  it('refuses a wrong password, an unregistered sender, a bad template id and Telugu sent as TEXT', async () => {
    const telugu = 'మీ దరఖాస్తు APP-1 పారిశ్రామిక పోర్టల్‌కు అందింది.';
    for (const [fields, code] of [
      [{ password: 'wrong' }, '105'],
      [{ mask: 'OTHERS' }, '322'],
      [{ dltTemplateId: '12' }, '324'],
      [{ msg: telugu }, '178'],
    ] as const) {
      const text = await (await send(fields)).text();
      expect(text.startsWith('error |'), text).toBe(true);
      expect(text).toContain(`| ${code} |`);
    }
    const unicode = await (await send({ msg: telugu, msg_type: 'UNICODE_TEXT', send_to: '919000000001' })).text();
    expect(unicode.startsWith('success')).toBe(true);
    expect(sandbox.messages('919000000001')[0]).toMatchObject({ unicode: true, segments: 1 });
  });

  it('counts segments as handsets do: GSM-7 160/153, UCS-2 70/67', () => {
    expect(segmentsOf('a'.repeat(160), false)).toBe(1);
    expect(segmentsOf('a'.repeat(161), false)).toBe(2);
    expect(segmentsOf('{'.repeat(80), false)).toBe(1);
    expect(segmentsOf('{'.repeat(81), false)).toBe(2);
    expect(segmentsOf('అ'.repeat(70), true)).toBe(1);
    expect(segmentsOf('అ'.repeat(71), true)).toBe(2);
    expect(segmentsOf('అ'.repeat(135), true)).toBe(3);
  });

  it('can be down or refuse, and takes messages again when told', async () => {
    sandbox.setFault('down');
    expect((await send()).status).toBe(503);
    sandbox.setFault('refuse');
    expect((await (await send()).text()).startsWith('error')).toBe(true);
    sandbox.setFault('none');
    expect((await (await send()).text()).startsWith('success')).toBe(true);
  });
});
