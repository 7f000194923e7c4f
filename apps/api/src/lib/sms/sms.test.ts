// SMS through the sandbox provider over HTTP, as the real provider is spoken to (decision 037): once per dedupe key
// under 50 triggers at once, the provider down then up with each message sent once, a code guessed 10 times locking
// the number and telling its owner, registered and unregistered numbers answered alike, 100 numbers from one address
// limited, a delivery report on a URL without the secret refused with nothing written, and a Telugu query SMS in the
// template's words with its segments counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { formattersFor, SMS_TEMPLATES, type Language } from '@portal/contract';
import { startSmsSandbox, type SmsSandbox } from '@portal/sms-sandbox';
import { mailOutbox, smsOutbox, users } from '../../db/schema';
import { DEMO_USERS } from '../../demo/seed';
import { countDeliveryReports } from '../../repositories/sms-outbox';
import { setVerifiedMobile } from '../../repositories/one-time-codes';
import { createTestContext, registerEntrepreneur, TEST_DB_KIND, type TestContext } from '../../test/harness';
import { insertTestApplication } from '../../test/workflow-fixtures';
import { insertAuction } from '../../test/auction-fixtures';
import { sandboxSmsConfig, SANDBOX_SMS_SETTINGS } from './config';
import { smsToUser, tellAuctionOpenings } from './outbox';
import { gupshupProvider } from './provider';
import { countSegments } from './segments';
import { createSmsSender, type SmsSender } from './sender';

describe(`SMS through the sandbox provider (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let sandbox: SmsSandbox;
  let sender: SmsSender;
  let portalUrl: string;
  /** Fresh Indian mobile numbers: 91 and ten digits from a random start. */
  let nextNumber = 7_000_000_000 + Math.floor(Math.random() * 2_000_000_000);
  const newMobile = () => `91${nextNumber++}`;

  beforeAll(async () => {
    sandbox = await startSmsSandbox({ port: 0, reportDelayMs: 10, log: () => undefined });
    ctx = await createTestContext({ clockMovable: true, sms: sandboxSmsConfig(sandbox.sendUrl) });
    portalUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    sandbox.reportTo(`${portalUrl}/api/sms/delivery-reports/${SANDBOX_SMS_SETTINGS.dlrToken}`);
    sender = createSmsSender({ db: ctx.db, config: ctx.app.sms, provider: gupshupProvider(ctx.app.sms) });
  });
  afterAll(async () => {
    // The sandbox's delivery reports may hold a keep-alive connection to the portal: closed first.
    sandbox?.reportTo(undefined);
    await sandbox?.close();
    ctx?.app.server.closeAllConnections();
    await ctx?.close();
  });

  /** A new entrepreneur with a verified mobile in `language`. */
  async function entrepreneurWithMobile(language: Language = 'en') {
    const user = await registerEntrepreneur(ctx);
    const mobile = newMobile();
    await ctx.db.transaction((tx) => setVerifiedMobile(tx, user.id, mobile));
    await ctx.db.update(users).set({ language }).where(eq(users.id, user.id));
    return { ...user, mobile };
  }

  const askCode = (mobile: string, address = '10.0.0.1') =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/code', payload: { mobile }, remoteAddress: address });
  const signIn = (mobile: string, code: string, address = '10.0.0.1') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/code/sign-in',
      payload: { mobile, code },
      remoteAddress: address,
    });
  /** The code of the newest SMS the sandbox got for the number. */
  const codeSentTo = (mobile: string) => /^(\d{6}) /.exec(sandbox.messages(mobile)[0]?.text ?? '')?.[1];
  const rowsTo = (mobile: string) => ctx.db.select().from(smsOutbox).where(eq(smsOutbox.toMobile, mobile));

  it('queues one SMS per dedupe key under 50 triggers at once, and the provider gets it once', async () => {
    const user = await entrepreneurWithMobile();
    const triggers = Array.from({ length: 50 }, () =>
      ctx.db.transaction((tx) =>
        smsToUser(
          tx,
          user.id,
          'payment_received',
          { amount: 11800, invoice_number: 'INV-2026-000001' },
          `race:${user.id}`,
        ),
      ),
    );
    const queued = await Promise.all(triggers);
    expect(queued.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await rowsTo(user.mobile)).toHaveLength(1);
    await sender.runOnce();
    await sender.runOnce();
    const got = sandbox.messages(user.mobile);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({
      sender: SANDBOX_SMS_SETTINGS.sender,
      entityId: SANDBOX_SMS_SETTINGS.entityId,
      dltTemplateId: SMS_TEMPLATES.payment_received.dltTemplateId,
      unicode: false,
    });
    expect(got[0]!.text).toBe(
      'Payment of Rs 11,800 for invoice INV-2026-000001 was received by the industrial portal. Thank you.',
    );
  });

  it('keeps messages while the provider is down, retries them on the clock, and sends each once when it is up', async () => {
    const user = await entrepreneurWithMobile();
    for (const n of [1, 2, 3])
      await ctx.db.transaction((tx) =>
        smsToUser(tx, user.id, 'payment_received', { amount: n, invoice_number: `INV-${n}` }, `down:${user.id}:${n}`),
      );
    sandbox.setFault('down');
    try {
      expect(await sender.runOnce()).toMatchObject({ submitted: 0, retrying: 3 });
      // Not due again until the back-off has passed on the portal's clock.
      expect(await sender.runOnce()).toMatchObject({ submitted: 0, retrying: 0 });
      expect((await rowsTo(user.mobile)).every((row) => row.status === 'pending' && row.attempts === 1)).toBe(true);
    } finally {
      sandbox.setFault('none');
    }
    expect(sandbox.messages(user.mobile)).toHaveLength(0);
    const admin = await ctx.tokenFor('admin');
    const move = await ctx.request(admin, { method: 'POST', url: '/api/admin/clock/advance', payload: { minutes: 1 } });
    expect(move.statusCode, move.body).toBe(200);
    expect(await sender.runOnce()).toMatchObject({ submitted: 3 });
    expect(await sender.runOnce()).toMatchObject({ submitted: 0, retrying: 0 });
    const texts = sandbox.messages(user.mobile).map((message) => message.text);
    expect(texts).toHaveLength(3);
    expect(new Set(texts).size).toBe(3);
    const rows = await rowsTo(user.mobile);
    expect(rows.every((row) => row.status === 'submitted' || row.status === 'delivered')).toBe(true);
    expect(rows.every((row) => row.attempts === 2 && row.providerMessageId)).toBe(true);
  });

  it('signs an entrepreneur in with the code sent to their verified mobile, once', async () => {
    const user = await entrepreneurWithMobile();
    expect((await askCode(user.mobile, '10.0.1.1')).statusCode).toBe(202);
    await sender.runOnce();
    const code = codeSentTo(user.mobile)!;
    expect(code).toMatch(/^\d{6}$/);
    // The code is kept only as a hash, and its SMS no longer holds it once sent.
    const [kept] = await rowsTo(user.mobile);
    expect(kept!.secretParams).toBeNull();
    expect(JSON.stringify(kept)).not.toContain(code);
    const signed = await signIn(user.mobile, code, '10.0.1.1');
    expect(signed.statusCode, signed.body).toBe(200);
    const me = await ctx.request(signed.json().access_token, { method: 'GET', url: '/api/auth/me' });
    expect(me.json()).toMatchObject({ id: user.id, role: 'entrepreneur' });
    // Single use.
    expect((await signIn(user.mobile, code, '10.0.1.1')).json().code).toBe('invalid_code');
  });

  it('verifies a mobile on the account: a wrong code refused on its field, the right one keeps the number', async () => {
    const user = await registerEntrepreneur(ctx);
    const other = await entrepreneurWithMobile();
    const mobile = newMobile();
    const account = (method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.request(user.token, { method, url: `/api/account${url}`, ...(payload && { payload }) });
    expect((await account('POST', '/mobile/code', { mobile: `+91 ${mobile.slice(2)}` })).statusCode).toBe(202);
    await sender.runOnce();
    const code = codeSentTo(mobile)!;
    const wrong = await account('POST', '/mobile/verify', { mobile, code: code === '999999' ? '000000' : '999999' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'invalid_code', errors: [{ path: 'body.code' }] });
    expect((await account('GET', '/mobile')).json()).toMatchObject({ mobile: null });
    const verified = await account('POST', '/mobile/verify', { mobile, code });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ mobile, sms_opted_out: [] });
    expect(verified.json().mobile_verified_at).toBeTruthy();
    // Another account's verified number: sent a code all the same, refused only once the code proves the phone.
    expect((await account('POST', '/mobile/code', { mobile: other.mobile })).statusCode).toBe(202);
    await sender.runOnce();
    const taken = await account('POST', '/mobile/verify', { mobile: other.mobile, code: codeSentTo(other.mobile)! });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('mobile_taken');
    // Codes and money always go: turning one off is refused.
    const essential = await ctx.request(user.token, {
      method: 'PUT',
      url: '/api/account/sms-preferences',
      payload: { sms_opted_out: ['one_time_code'] },
    });
    expect(essential.statusCode).toBe(422);
  });

  it('tells a bidder by SMS when another bid outbids theirs, once per outbidding bid', async () => {
    const auction = await insertAuction(ctx, { bidders: 2, startsInMs: -60_000, endsInMs: 3_600_000 });
    const [first, second] = auction.bidders;
    const plot = auction.plots[0]!;
    const mobile = newMobile();
    await ctx.db.transaction((tx) => setVerifiedMobile(tx, first!.userId, mobile));
    const bid = (bidder: typeof first, amount: number) =>
      ctx.request(bidder!.token, {
        method: 'POST',
        url: `/api/schemes/${auction.schemeId}/plots/${plot.id}/bids`,
        payload: { amount },
      });
    expect((await bid(first, plot.reservePrice)).statusCode).toBe(201);
    expect((await bid(second, plot.reservePrice + auction.increment)).statusCode).toBe(201);
    expect((await bid(second, plot.reservePrice + 2 * auction.increment)).statusCode).toBe(201);
    await sender.runOnce();
    const got = sandbox.messages(mobile);
    expect(got).toHaveLength(1);
    expect(got[0]!.text).toContain('You were outbid for plot');
    expect(got[0]!.dltTemplateId).toBe(SMS_TEMPLATES.auction_outbid.dltTemplateId);
  });

  it('tells each qualified bidder once, by SMS, that an e-auction opened', async () => {
    const auction = await insertAuction(ctx, { lots: 2, bidders: 2, startsInMs: -60_000, endsInMs: 3_600_000 });
    const mobiles = [newMobile(), newMobile()];
    for (const [index, bidder] of auction.bidders.entries())
      await ctx.db.transaction((tx) => setVerifiedMobile(tx, bidder.userId, mobiles[index]!));
    expect(await tellAuctionOpenings(ctx.db)).toBeGreaterThanOrEqual(2);
    expect(await tellAuctionOpenings(ctx.db)).toBe(0);
    await sender.runOnce();
    for (const mobile of mobiles) {
      const got = sandbox.messages(mobile);
      expect(got, mobile).toHaveLength(1);
      expect(got[0]!.text).toMatch(
        /^Bidding is open in the e-auction of scheme SCH-\S+ until .+ on the industrial portal\.$/,
      );
    }
  });

  it('locks a number after 10 wrong codes and tells its owner by SMS and mail', async () => {
    const user = await entrepreneurWithMobile();
    expect((await askCode(user.mobile, '10.0.2.1')).statusCode).toBe(202);
    await sender.runOnce();
    const code = codeSentTo(user.mobile)!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 10; attempt++) {
      const answer = await signIn(user.mobile, wrong, '10.0.2.1');
      expect(answer.statusCode, `attempt ${attempt}`).toBe(401);
      expect(answer.json().code).toBe('invalid_code');
    }
    const locked = await signIn(user.mobile, code, '10.0.2.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('code_locked');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    // A new code cannot be had to get around it: the answer is the same, and nothing is sent.
    expect((await askCode(user.mobile, '10.0.2.1')).statusCode).toBe(202);
    const templates = (await rowsTo(user.mobile)).map((row) => row.template).sort();
    expect(templates).toEqual(['code_locked', 'one_time_code']);
    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.userId, user.id));
    expect(mails.map((mail) => mail.template)).toContain('sign_in_code_locked');
  });

  it('answers a registered and an unregistered number alike', async () => {
    const user = await entrepreneurWithMobile();
    const stranger = newMobile();
    const registered = await askCode(user.mobile, '10.0.3.1');
    const unregistered = await askCode(stranger, '10.0.3.1');
    expect(registered.statusCode).toBe(202);
    expect(unregistered.statusCode).toBe(registered.statusCode);
    expect(unregistered.body).toBe(registered.body);
    expect(Object.keys(unregistered.headers).sort()).toEqual(Object.keys(registered.headers).sort());
    // Only the registered number is sent a code; a guess at the unregistered one is refused as any wrong code.
    expect(await rowsTo(user.mobile)).toHaveLength(1);
    expect(await rowsTo(stranger)).toHaveLength(0);
    const guess = await signIn(stranger, '123456', '10.0.3.1');
    expect(guess.statusCode).toBe(401);
    expect(guess.json().code).toBe('invalid_code');
    // A staff member's number does not sign in by code.
    const officer = await ctx.db
      .select()
      .from(users)
      .where(eq(users.email, DEMO_USERS.find((u) => u.role === 'ho')!.email));
    const officerMobile = newMobile();
    await ctx.db.transaction((tx) => setVerifiedMobile(tx, officer[0]!.id, officerMobile));
    const officerAsk = await askCode(officerMobile, '10.0.3.1');
    expect(officerAsk.body).toBe(registered.body);
    expect(await rowsTo(officerMobile)).toHaveLength(0);
  });

  it('limits codes asked for 100 numbers from one address', async () => {
    const answers: number[] = [];
    for (let n = 0; n < 100; n++) answers.push((await askCode(newMobile(), '10.0.4.1')).statusCode);
    expect(answers.slice(0, 20).every((status) => status === 202)).toBe(true);
    expect(answers.slice(20).every((status) => status === 429)).toBe(true);
    // Another address is not held back by it.
    expect((await askCode(newMobile(), '10.0.4.2')).statusCode).toBe(202);
  });

  it('refuses a delivery report without the provider secret, writing nothing, and takes the provider’s', async () => {
    const user = await entrepreneurWithMobile();
    await ctx.db.transaction((tx) =>
      smsToUser(tx, user.id, 'payment_received', { amount: 5, invoice_number: 'INV-5' }, `dlr:${user.id}`),
    );
    sandbox.reportTo(undefined);
    await sender.runOnce();
    const [sent] = await rowsTo(user.mobile);
    expect(sent!.status, sent!.lastError ?? '').toBe('submitted');
    const before = await countDeliveryReports(ctx.db);
    const query = `externalId=${sent!.providerMessageId}&deliveredTS=1764400000000&status=SUCCESS&cause=SUCCESS&phoneNo=${user.mobile}&errCode=000&noOfFrags=1`;
    for (const token of ['wrong-token', `${SANDBOX_SMS_SETTINGS.dlrToken}x`]) {
      const forged = await ctx.app.inject({ method: 'GET', url: `/api/sms/delivery-reports/${token}?${query}` });
      expect(forged.statusCode).toBe(403);
      expect(forged.json().code).toBe('delivery_report_refused');
    }
    expect(await countDeliveryReports(ctx.db)).toBe(before);
    expect((await rowsTo(user.mobile))[0]!.status).toBe('submitted');
    const real = await ctx.app.inject({
      method: 'GET',
      url: `/api/sms/delivery-reports/${SANDBOX_SMS_SETTINGS.dlrToken}?${query}`,
    });
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json()).toEqual({ received: 1, matched: 1 });
    expect((await rowsTo(user.mobile))[0]!.status).toBe('delivered');
    // The POST push: a JSON array of events, on the same secret URL only.
    await ctx.db.transaction((tx) =>
      smsToUser(tx, user.id, 'payment_received', { amount: 6, invoice_number: 'INV-6' }, `dlr-post:${user.id}`),
    );
    await sender.runOnce();
    const second = (await rowsTo(user.mobile)).find((row) => row.status === 'submitted')!;
    const events = [
      { externalId: second.providerMessageId, eventType: 'FAILED', cause: 'ABSENT_SUBSCRIBER', noOfFrags: 1 },
    ];
    const forgedPost = await ctx.app.inject({ method: 'POST', url: '/api/sms/delivery-reports/nope', payload: events });
    expect(forgedPost.statusCode).toBe(403);
    const realPost = await ctx.app.inject({
      method: 'POST',
      url: `/api/sms/delivery-reports/${SANDBOX_SMS_SETTINGS.dlrToken}`,
      payload: events,
    });
    expect(realPost.json()).toEqual({ received: 1, matched: 1 });
    const undelivered = (await rowsTo(user.mobile)).find((row) => row.id === second.id)!;
    expect(undelivered).toMatchObject({ status: 'undelivered', deliveryCause: 'ABSENT_SUBSCRIBER' });
    sandbox.reportTo(`${portalUrl}/api/sms/delivery-reports/${SANDBOX_SMS_SETTINGS.dlrToken}`);
  });

  it('sends a Telugu applicant the query SMS in the template’s words, its segments counted, and shows it to admins', async () => {
    // The demo entrepreneur (who has an applicant profile), reading Telugu, with a verified mobile.
    const email = DEMO_USERS.find((demo) => demo.role === 'entrepreneur')!.email;
    const [owner] = await ctx.db.select().from(users).where(eq(users.email, email));
    const user = { id: owner!.id, mobile: newMobile() };
    await ctx.db.transaction((tx) => setVerifiedMobile(tx, user.id, user.mobile));
    await ctx.db.update(users).set({ language: 'te' }).where(eq(users.id, user.id));
    const application = await insertTestApplication(ctx, 'under_scrutiny');
    const officer = await ctx.tokenFor('zonal_manager');
    const raised = await ctx.request(officer, {
      method: 'POST',
      url: `/api/applications/${application.id}/queries`,
      payload: { message: 'Please send a bank solvency certificate', respond_by: '2099-03-12' },
    });
    expect(raised.statusCode, raised.body).toBe(201);
    await sender.runOnce();
    const [sms] = sandbox.messages(user.mobile);
    const expected = SMS_TEMPLATES.query_raised.words.te
      .replace('{application_number}', application.applicationNumber)
      .replace('{respond_by}', formattersFor('te').date('2099-03-12'));
    expect(sms!.text).toBe(expected);
    expect(sms!.unicode).toBe(true);
    const count = countSegments(expected);
    expect(count).toMatchObject({ unicode: true, segments: Math.ceil(expected.length / 67) });
    expect(sms!.segments).toBe(count.segments);
    const [row] = await rowsTo(user.mobile);
    expect(row).toMatchObject({ template: 'query_raised', language: 'te', segments: count.segments, unicode: true });
    // The admins' outbox: the message masked, and its segments counted in the day's cost.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const admin = await ctx.tokenFor('admin');
    const list = await ctx.request(admin, { method: 'GET', url: `/api/sms/outbox?template=query_raised` });
    expect(list.statusCode).toBe(200);
    const shown = list.json().find((message: { id: string }) => message.id === row!.id);
    expect(shown.to_mobile).not.toContain(user.mobile.slice(2, 7));
    const summary = (await ctx.request(admin, { method: 'GET', url: '/api/sms/outbox/summary' })).json();
    const segments = summary.segments_by_day.reduce((sum: number, day: { segments: number }) => sum + day.segments, 0);
    const [total] = await ctx.db
      .select({ n: sql<number>`sum(${smsOutbox.segments})::int` })
      .from(smsOutbox)
      .where(sql`${smsOutbox.sentAt} is not null`);
    expect(segments).toBe(Number(total!.n));
    expect(
      (await ctx.request(await ctx.tokenFor('entrepreneur'), { method: 'GET', url: '/api/sms/outbox' })).statusCode,
    ).toBe(403);
  });
});
