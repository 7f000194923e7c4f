import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { applicants } from '../../../db/schema';
import { createTestContext, registerEntrepreneur, TEST_DB_KIND, type TestContext } from '../../../test/harness';

const PROFILE = {
  organization_name: 'Sunrise Agro Foods',
  pan_number: 'abcde1234f',
  category: undefined as string | undefined,
  address: '4-1-22, Market Road',
  city: 'Warangal',
  state: 'Telangana',
  pincode: '506002',
  bank_name: 'Canara Bank',
  bank_account: '0012345678901',
  bank_ifsc: 'cnrb0001234',
};

describe(`applicants (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it("answers the demo entrepreneur's own profile", async () => {
    const response = await ctx.request(await ctx.tokenFor('entrepreneur'), {
      method: 'GET',
      url: '/api/applicants/me',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      organization_name: 'Kumar Precision Components Pvt Ltd',
      pan_number: 'ABCPK1234L',
      category: 'mse',
    });
  });

  it('answers 404 with a detail before a new entrepreneur has a profile', async () => {
    const { token } = await registerEntrepreneur(ctx);
    const response = await ctx.request(token, { method: 'GET', url: '/api/applicants/me' });
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBeTruthy();
  });

  it('creates a profile once (PAN and IFSC upper-cased, category general by default); a second create answers 409', async () => {
    const { token, id } = await registerEntrepreneur(ctx);
    const created = await ctx.request(token, { method: 'POST', url: '/api/applicants', payload: PROFILE });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      user_id: id,
      pan_number: 'ABCDE1234F',
      bank_ifsc: 'CNRB0001234',
      category: 'general',
      gst_number: null,
      sdp_reference: null,
      kyc_verified: false,
    });
    const again = await ctx.request(token, {
      method: 'POST',
      url: '/api/applicants',
      payload: { ...PROFILE, organization_name: 'Other' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/already have/);
    const rows = await ctx.db.select().from(applicants).where(eq(applicants.userId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.organizationName).toBe('Sunrise Agro Foods');
  });

  it('updates everything but the PAN, which stays as first saved', async () => {
    const { token } = await registerEntrepreneur(ctx);
    await ctx.request(token, { method: 'POST', url: '/api/applicants', payload: PROFILE });
    const { pan_number: _pan, ...rest } = PROFILE;
    const updated = await ctx.request(token, {
      method: 'PUT',
      url: '/api/applicants/me',
      payload: {
        ...rest,
        pan_number: 'ZZZZZ9999Z',
        city: 'Hanamkonda',
        category: 'women',
        gst_number: '36ABCDE1234F1Z5',
        sdp_reference: 'SDP-7',
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      city: 'Hanamkonda',
      category: 'women',
      gst_number: '36ABCDE1234F1Z5',
      sdp_reference: 'SDP-7',
      pan_number: 'ABCDE1234F',
    });
    const read = await ctx.request(token, { method: 'GET', url: '/api/applicants/me' });
    expect(read.json()).toMatchObject({ city: 'Hanamkonda', pan_number: 'ABCDE1234F' });
  });

  it('answers 404 to an update before the profile exists', async () => {
    const { token } = await registerEntrepreneur(ctx);
    const { pan_number: _pan, ...rest } = PROFILE;
    const response = await ctx.request(token, { method: 'PUT', url: '/api/applicants/me', payload: rest });
    expect(response.statusCode).toBe(404);
  });

  it('answers 422 with a message per field for a malformed profile, and stores nothing', async () => {
    const { token, id } = await registerEntrepreneur(ctx);
    const response = await ctx.request(token, {
      method: 'POST',
      url: '/api/applicants',
      payload: {
        ...PROFILE,
        organization_name: '  ',
        pan_number: 'ABC',
        pincode: '12',
        bank_ifsc: 'nope',
        category: 'vip',
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toBeTruthy();
    expect(response.json().errors.map((error: { path: string }) => error.path)).toEqual(
      expect.arrayContaining([
        'body.organization_name',
        'body.pan_number',
        'body.pincode',
        'body.bank_ifsc',
        'body.category',
      ]),
    );
    expect(await ctx.db.select().from(applicants).where(eq(applicants.userId, id))).toHaveLength(0);
    const notJson = await ctx.request(token, {
      method: 'POST',
      url: '/api/applicants',
      payload: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBeGreaterThanOrEqual(400);
    expect(notJson.statusCode).toBeLessThan(500);
    expect(notJson.json().detail).toBeTruthy();
  });

  it('keeps /applicants/me to entrepreneurs (403 for staff) and to signed-in users (401)', async () => {
    expect((await ctx.request(await ctx.tokenFor('ho'), { method: 'GET', url: '/api/applicants/me' })).statusCode).toBe(
      403,
    );
    expect(
      (await ctx.request(await ctx.tokenFor('finance'), { method: 'POST', url: '/api/applicants', payload: PROFILE }))
        .statusCode,
    ).toBe(403);
    expect((await ctx.request(null, { method: 'GET', url: '/api/applicants/me' })).statusCode).toBe(401);
  });

  it('lets staff and the owner read a profile by id; another entrepreneur gets 404', async () => {
    const ravi = (
      await ctx.request(await ctx.tokenFor('entrepreneur'), { method: 'GET', url: '/api/applicants/me' })
    ).json();
    for (const role of ['zonal_manager', 'legal', 'finance'] as const) {
      const response = await ctx.request(await ctx.tokenFor(role), {
        method: 'GET',
        url: `/api/applicants/${ravi.id}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().pan_number).toBe('ABCPK1234L');
    }
    expect(
      (await ctx.request(await ctx.tokenFor('entrepreneur'), { method: 'GET', url: `/api/applicants/${ravi.id}` }))
        .statusCode,
    ).toBe(200);
    const { token } = await registerEntrepreneur(ctx);
    const other = await ctx.request(token, { method: 'GET', url: `/api/applicants/${ravi.id}` });
    expect(other.statusCode).toBe(404);
    expect(other.json().detail).toBe('Applicant profile not found');
    expect(
      (await ctx.request(await ctx.tokenFor('ho'), { method: 'GET', url: `/api/applicants/${crypto.randomUUID()}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.request(await ctx.tokenFor('ho'), { method: 'GET', url: '/api/applicants/not-a-uuid' })).statusCode,
    ).toBe(422);
  });
});
