// The officer application detail: status line, tabs, the role's actions and their calls, messages and failures.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  APPLICATION_STATUSES,
  manualTransitionsFrom,
  statusLabel,
  todayIso,
  type ApplicationStatus,
  type Role,
} from '@portal/contract';
import { renderApp, signedInAs, stubFetch } from '../../../test/render-app';
import {
  allotment,
  APP_ID,
  ALLOTMENT_ID,
  application,
  COMMITTEE_ID,
  document,
  fakeApi,
  leaseDeed,
  possession,
  type FakeState,
} from '../lib/test-fixtures';

async function open(role: Role, state: FakeState) {
  signedInAs(role);
  const api = fakeApi(state);
  stubFetch(api.handler);
  const rendered = renderApp(`/officer/applications/${APP_ID}`);
  await screen.findByRole('heading', { level: 1, name: 'Application APP-2026-000042' });
  return { ...rendered, writes: api.writes, user: userEvent.setup() };
}

const actions = () => screen.getByRole('region', { name: 'Actions' });

describe('officer application detail', () => {
  it('shows the status line (badge, stage, next step) and the six tabs', async () => {
    await open('legal', { application: application('under_scrutiny', { current_stage: 'Checking the DPR' }) });
    const line = screen.getByRole('region', { name: 'Current status' });
    expect(within(line).getByText('UNDER SCRUTINY')).toBeInTheDocument();
    expect(within(line).getByText('Checking the DPR')).toBeInTheDocument();
    expect(
      within(line).getByText(
        'Waiting for a zonal manager or head office to check the documents and send the application to the committee.',
      ),
    ).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Details', 'Documents', 'Asset', 'Payments', 'Allotment & Possession', 'Timeline']);
  });

  it('gives legal and finance no actions and no Verify or Reject', async () => {
    for (const role of ['legal', 'finance'] as const) {
      const { user, unmount } = await open(role, {
        application: application('submitted'),
        documents: [document('d1000000-0000-4000-8000-000000000001', 'pending')],
      });
      expect(within(actions()).getByText('Your role can view this application but not change it.')).toBeInTheDocument();
      expect(within(actions()).queryAllByRole('button')).toHaveLength(0);
      await user.click(screen.getByRole('tab', { name: 'Documents' }));
      await screen.findByText('pan_card.pdf');
      expect(screen.queryByRole('button', { name: /^Verify/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Reject/ })).not.toBeInTheDocument();
      unmount();
    }
  });

  it.each([
    'submitted',
    'under_scrutiny',
    'pending_committee',
    'approved',
    'possession_given',
    'under_implementation',
  ] as ApplicationStatus[])('Update Status offers exactly the transitions from %s', async (status) => {
    const { user } = await open('ho', { application: application(status) });
    await user.click(within(actions()).getByRole('button', { name: 'Update Status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Status' });
    const options = within(within(dialog).getByLabelText('New status'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(manualTransitionsFrom(status).map(statusLabel));
  });

  it.each(['payment_verified', 'provisional_allotment', 'lease_submitted', 'final_allotment'] as ApplicationStatus[])(
    'shows none available for %s',
    async (status) => {
      await open('zonal_manager', { application: application(status) });
      expect(within(actions()).queryByRole('button', { name: 'Update Status' })).not.toBeInTheDocument();
      expect(within(actions()).getByText('Update Status: none available for this status.')).toBeInTheDocument();
    },
  );

  it('updates the status with the default stage and a committee assignee', async () => {
    const { user, writes } = await open('zonal_manager', { application: application('submitted') });
    await user.click(within(actions()).getByRole('button', { name: 'Update Status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Status' });
    expect(within(dialog).getByLabelText('Stage text')).toHaveValue('Under scrutiny');
    const assignee = within(dialog).getByLabelText(/Assign to a committee member/);
    // Only committee members are offered (the zonal manager in the user list is not).
    expect(
      within(assignee)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No one', 'Anita Sharma']);
    await user.selectOptions(within(dialog).getByLabelText('New status'), 'rejected');
    expect(within(dialog).getByText('The applicant will be told the application was rejected.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Stage text')).toHaveValue('Rejected');
    await user.selectOptions(within(dialog).getByLabelText('New status'), 'under_scrutiny');
    expect(
      within(dialog).getByText(
        'The application will move from Submitted to Under scrutiny, and the applicant will see the new stage.',
      ),
    ).toBeInTheDocument();
    await user.selectOptions(assignee, COMMITTEE_ID);
    await user.click(within(dialog).getByRole('button', { name: 'Update Status' }));
    expect(await screen.findByText('Status updated successfully')).toBeInTheDocument();
    expect(writes).toEqual([
      {
        method: 'PUT',
        path: `/applications/${APP_ID}/status`,
        query: '',
        body: { status: 'under_scrutiny', current_stage: 'Under scrutiny', assigned_to: COMMITTEE_ID },
      },
    ]);
  });

  it('offers no assignee when the user list fails, and shows the failure toast with the reason', async () => {
    const { user } = await open('ho', {
      application: application('approved'),
      users: 'fail',
      writes: { [`PUT /applications/${APP_ID}/status`]: { status: 409, body: { detail: 'Changed by someone else' } } },
    });
    await user.click(within(actions()).getByRole('button', { name: 'Update Status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Status' });
    expect(within(within(dialog).getByLabelText(/Assign to/)).getAllByRole('option')).toHaveLength(1);
    expect(within(dialog).getByText(/first premium instalment/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Update Status' }));
    expect(await screen.findByText('Failed to update status')).toBeInTheDocument();
    expect(screen.getByText('Changed by someone else')).toBeInTheDocument();
  });

  it('verifies and rejects unverified documents, and says so', async () => {
    const pan = document('d1000000-0000-4000-8000-000000000001', 'pending', 'pan_card');
    const dpr = document('d1000000-0000-4000-8000-000000000002', 'pending', 'dpr');
    const done = document('d1000000-0000-4000-8000-000000000003', 'verified', 'bank_proof');
    const { user, writes } = await open('committee', {
      application: application('under_scrutiny'),
      documents: [pan, dpr, done],
    });
    await user.click(screen.getByRole('tab', { name: 'Documents' }));
    await user.click(await screen.findByRole('button', { name: 'Verify PAN Card' }));
    expect(await screen.findByText('Document verified')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reject DPR (Detailed Project Report)' }));
    expect(await screen.findByText('Document rejected')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify Bank Account Proof' })).not.toBeInTheDocument();
    expect(writes.map((call) => `${call.method} ${call.path}${call.query}`)).toEqual([
      `PUT /applications/${APP_ID}/documents/${pan.id}/verify?verified=true`,
      `PUT /applications/${APP_ID}/documents/${dpr.id}/verify?verified=false`,
    ]);
  });

  it('shows the spec toast when document verification fails', async () => {
    const pan = document('d1000000-0000-4000-8000-000000000001', 'pending');
    const { user } = await open('zonal_manager', {
      application: application('submitted'),
      documents: [pan],
      writes: {
        [`PUT /applications/${APP_ID}/documents/${pan.id}/verify`]: {
          status: 409,
          body: { detail: 'Already verified' },
        },
      },
    });
    await user.click(screen.getByRole('tab', { name: 'Documents' }));
    await user.click(await screen.findByRole('button', { name: 'Verify PAN Card' }));
    expect(await screen.findByText('Failed to update document verification')).toBeInTheDocument();
  });

  it('records a committee decision with its stage text, without sending the conditions', async () => {
    const { user, writes } = await open('committee', { application: application('pending_committee') });
    await user.click(within(actions()).getByRole('button', { name: 'Record Committee Decision' }));
    const dialog = await screen.findByRole('dialog', { name: 'Committee decision' });
    expect(
      within(within(dialog).getByLabelText('Decision'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Approved', 'Rejected', 'Deferred', 'Conditional approval']);
    await user.selectOptions(within(dialog).getByLabelText('Decision'), 'conditional_approval');
    await user.type(within(dialog).getByLabelText(/Remarks/), 'Fire NOC needed');
    await user.type(within(dialog).getByLabelText(/Conditions/), 'Submit fire NOC in 60 days');
    expect(
      within(dialog).getByText('The application stays with the committee, marked as conditionally approved.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Record Decision' }));
    expect(await screen.findByText('Decision recorded successfully')).toBeInTheDocument();
    expect(writes[0]!.body).toEqual({
      status: 'pending_committee',
      current_stage: 'Conditional approval: Fire NOC needed',
    });
  });

  it('approves in committee with the stage pending allotment; a failure says Failed to record decision', async () => {
    const { user, writes } = await open('ho', {
      application: application('pending_committee'),
      writes: { [`PUT /applications/${APP_ID}/status`]: { status: 500, body: { detail: 'Something went wrong' } } },
    });
    await user.click(within(actions()).getByRole('button', { name: 'Record Committee Decision' }));
    const dialog = await screen.findByRole('dialog', { name: 'Committee decision' });
    await user.click(within(dialog).getByRole('button', { name: 'Record Decision' }));
    expect(await screen.findByText('Failed to record decision')).toBeInTheDocument();
    expect(writes[0]!.body).toEqual({ status: 'approved', current_stage: 'pending allotment' });
  });

  it('offers no committee decision to a zonal manager, but Schedule Meeting in under_scrutiny, which sends nothing', async () => {
    const { user, writes } = await open('zonal_manager', { application: application('under_scrutiny') });
    expect(within(actions()).queryByRole('button', { name: 'Record Committee Decision' })).not.toBeInTheDocument();
    await user.click(within(actions()).getByRole('button', { name: 'Schedule Meeting' }));
    expect(await screen.findByText('Meeting scheduled successfully')).toBeInTheDocument();
    expect(writes).toEqual([]);
  });

  it('creates an allotment with the defaults (provisional, today, no expiry)', async () => {
    const { user, writes } = await open('committee', { application: application('approved') });
    await user.click(within(actions()).getByRole('button', { name: 'Create Allotment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Allotment' });
    expect(within(dialog).getByLabelText('Allotment type')).toHaveValue('provisional');
    expect(within(dialog).getByLabelText('Allotment date')).toHaveValue(todayIso());
    expect(within(dialog).getByLabelText(/Expiry date/)).toHaveValue('');
    expect(within(dialog).getByText(/reserved for this applicant/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create Allotment' }));
    expect(await screen.findByText('Allotment created successfully')).toBeInTheDocument();
    expect(writes[0]).toMatchObject({
      method: 'POST',
      path: '/allotments',
      body: {
        application_id: APP_ID,
        asset_id: application('approved').asset_id,
        allotment_type: 'provisional',
        allotment_date: todayIso(),
        expiry_date: null,
      },
    });
  });

  it('says Failed to create allotment with the reason when the asset is taken', async () => {
    const { user } = await open('admin', {
      application: application('payment_verified'),
      writes: {
        'POST /allotments': { status: 409, body: { detail: 'This asset is already held by another allotment' } },
      },
    });
    await user.click(within(actions()).getByRole('button', { name: 'Create Allotment' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Create Allotment' }));
    expect(await screen.findByText('Failed to create allotment')).toBeInTheDocument();
    expect(screen.getByText('This asset is already held by another allotment')).toBeInTheDocument();
  });

  it('verifies a pending lease deed as needing revision, with remarks', async () => {
    const { user, writes } = await open('zonal_manager', {
      application: application('lease_submitted'),
      allotment,
      leaseDeed: leaseDeed('pending'),
    });
    await user.click(await within(actions()).findByRole('button', { name: 'Verify Lease Deed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify lease deed' });
    await user.selectOptions(within(dialog).getByLabelText('Verification'), 'needs_revision');
    expect(
      within(dialog).getByText('The applicant will be asked to revise the lease deed and upload it again.'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Remarks/), 'Stamp page missing');
    await user.click(within(dialog).getByRole('button', { name: 'Save Verification' }));
    expect(await screen.findByText('Lease deed verification updated')).toBeInTheDocument();
    expect(writes[0]).toMatchObject({
      method: 'PUT',
      path: `/allotments/${ALLOTMENT_ID}/lease-deed/verify`,
      body: { verification_status: 'needs_revision', remarks: 'Stamp page missing' },
    });
  });

  it('shows Failed to verify lease deed when the call fails', async () => {
    const { user } = await open('ho', {
      application: application('lease_submitted'),
      allotment,
      leaseDeed: leaseDeed('pending'),
      writes: {
        [`PUT /allotments/${ALLOTMENT_ID}/lease-deed/verify`]: { status: 409, body: { detail: 'Already approved' } },
      },
    });
    await user.click(await within(actions()).findByRole('button', { name: 'Verify Lease Deed' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save Verification' }));
    expect(await screen.findByText('Failed to verify lease deed')).toBeInTheDocument();
  });

  it('records possession: area required, sent as a number with the defaults, then the certificate opens', async () => {
    const state: FakeState = {
      application: application('final_allotment'),
      allotment: { ...allotment, allotment_type: 'final' },
      leaseDeed: leaseDeed('approved'),
    };
    const { user, writes } = await open('ho', state);
    await user.click(await within(actions()).findByRole('button', { name: 'Record Possession' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record possession' });
    expect(within(dialog).getByLabelText('Possession date')).toHaveValue(todayIso());
    expect(within(dialog).getByLabelText('Boundary marked')).toBeChecked();
    const area = within(dialog).getByLabelText('Area verified');
    expect(area).toHaveAttribute('step', '0.01');
    await user.click(within(dialog).getByRole('button', { name: 'Record Possession' }));
    expect(within(dialog).getAllByText('Please enter area verified').length).toBeGreaterThan(0);
    expect(writes).toEqual([]);

    await user.type(area, '1100.5');
    state.possession = possession;
    await user.click(within(dialog).getByRole('button', { name: 'Record Possession' }));
    expect(await screen.findByText('Possession recorded and certificate issued')).toBeInTheDocument();
    expect(writes[0]).toMatchObject({
      method: 'POST',
      path: `/allotments/${ALLOTMENT_ID}/possession`,
      body: { possession_date: todayIso(), area_verified: 1100.5, boundary_marked: true, remarks: '' },
    });
    expect(await screen.findByRole('dialog', { name: 'Possession Certificate' })).toBeInTheDocument();
  });

  it("prefers the server's detail when recording possession fails", async () => {
    const { user } = await open('admin', {
      application: application('final_allotment'),
      allotment,
      leaseDeed: leaseDeed('approved'),
      writes: {
        [`POST /allotments/${ALLOTMENT_ID}/possession`]: {
          status: 400,
          body: { detail: "Area verified cannot exceed the asset's total area" },
        },
      },
    });
    await user.click(await within(actions()).findByRole('button', { name: 'Record Possession' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record possession' });
    await user.type(within(dialog).getByLabelText('Area verified'), '99999');
    await user.click(within(dialog).getByRole('button', { name: 'Record Possession' }));
    expect(await screen.findByText("Area verified cannot exceed the asset's total area")).toBeInTheDocument();
  });

  it('opens the allotment letter and shows the lease deed and possession on the Allotment & Possession tab', async () => {
    const { user } = await open('legal', {
      application: application('possession_given'),
      allotment,
      leaseDeed: leaseDeed('approved'),
      possession,
    });
    await user.click(screen.getByRole('tab', { name: 'Allotment & Possession' }));
    expect(await screen.findByText('ALT-2026-000003')).toBeInTheDocument();
    expect(await screen.findByText('44444444-444')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View Allotment Letter' }));
    expect(await screen.findByRole('dialog', { name: 'Provisional Allotment Letter' })).toBeInTheDocument();
  });

  it('shows the timeline latest first, with the role or SYSTEM', async () => {
    const { user } = await open('finance', { application: application('pending_payment') });
    await user.click(screen.getByRole('tab', { name: 'Timeline' }));
    const list = await screen.findByRole('list', { name: 'Timeline' });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]!).getByText('Invoice generated')).toBeInTheDocument();
    expect(within(items[0]!).getByText('SYSTEM')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Lakshmi Rao (Zonal manager)')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Status changed to Under scrutiny')).toBeInTheDocument();
  });

  it('says who a final allotment waits on: the applicant for the lease deed, then an officer for possession', async () => {
    const { unmount } = await open('legal', { application: application('final_allotment'), allotment });
    const line = () => screen.getByRole('region', { name: 'Current status' });
    expect(within(line()).getByText('Waiting for the applicant to upload the lease deed.')).toBeInTheDocument();
    unmount();
    await open('legal', { application: application('final_allotment'), allotment, leaseDeed: leaseDeed('approved') });
    expect(
      await within(line()).findByText(
        'The lease deed is approved; waiting for a zonal manager or head office to record possession.',
      ),
    ).toBeInTheDocument();
  });

  it('names in every status line who the application waits on, or that nothing does', async () => {
    for (const status of APPLICATION_STATUSES) {
      const { unmount } = await open('legal', { application: application(status) });
      const sentence = within(screen.getByRole('region', { name: 'Current status' })).getByText(/\.$/);
      expect(sentence.textContent).toMatch(/waiting for|waits on|an officer marks/i);
      unmount();
    }
  });

  it('says Failed to load data, with a retry in place, when a section cannot be loaded', async () => {
    const { user } = await open('ho', {
      application: application('under_scrutiny'),
      failReads: [`/applications/${APP_ID}/documents`],
    });
    // The toast, before the Documents tab (with its own inline message) is even open.
    expect(await screen.findByText('Failed to load data')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Documents' }));
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says Failed to load application details and goes back to the list when the application cannot be loaded', async () => {
    signedInAs('ho');
    stubFetch(fakeApi({ application: application('submitted'), failApplication: true }).handler);
    const { router } = renderApp(`/officer/applications/${APP_ID}`);
    expect(await screen.findByText('Failed to load application details')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/officer/applications'));
  });
});
