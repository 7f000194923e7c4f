// The officer application detail: the Right now card, tabs, the role's actions and their calls, messages and
// failures, rejecting a document with its reason, raising and closing queries, and the coded timeline.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  APPLICATION_STATUSES,
  businessToday,
  toInputDate,
  type ApplicationStatus,
  type Role,
} from '@portal/contract';
import { pageResponse, renderApp, signedInAs, stubFetch } from '../../../../test/render-app';
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
  query,
  timeline,
  type FakeState,
} from '../test/officer-fixtures';

/** The first submit of a step that cannot be undone shows its confirmation (decision 024); its own button takes it. */
async function reviewAndConfirm(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, name: string) {
  await user.click(within(dialog).getByRole('button', { name: 'Review and confirm' }));
  expect(within(dialog).getByRole('region', { name: 'Check before you confirm' })).toBeVisible();
  await user.click(within(dialog).getByRole('button', { name }));
}

async function open(role: Role, state: FakeState) {
  signedInAs(role);
  const api = fakeApi(state);
  stubFetch(api.handler);
  const rendered = renderApp(`/officer/applications/${APP_ID}`);
  await screen.findByRole('heading', { level: 1, name: 'Application APP-2026-000042' });
  return { ...rendered, writes: api.writes, user: userEvent.setup() };
}

const actions = () => screen.getByRole('region', { name: 'Actions' });
const rightNowCard = () => screen.getByRole('region', { name: 'Right now' });
/** The three required documents, verified. */
const VERIFIED = [
  document('d1000000-0000-4000-8000-000000000011', 'verified', 'dpr'),
  document('d1000000-0000-4000-8000-000000000012', 'verified', 'pan_card'),
  document('d1000000-0000-4000-8000-000000000013', 'verified', 'bank_proof'),
];

describe('officer application detail', () => {
  it('shows the Right now card (badge, stage, next step, whom it waits on, the clock) and the seven tabs', async () => {
    await open('legal', {
      application: application('under_scrutiny', { current_stage: 'Checking the DPR' }),
      documents: VERIFIED,
    });
    const line = rightNowCard();
    expect(within(line).getByText('UNDER SCRUTINY')).toBeInTheDocument();
    expect(within(line).getByText('Checking the DPR')).toBeInTheDocument();
    expect(
      within(line).getByText(
        'Waiting for a zonal manager or head office to check the documents and send the application to the committee.',
      ),
    ).toBeInTheDocument();
    expect(line).toHaveTextContent('Waiting on:Zonal manager');
    expect(line).toHaveTextContent('Due by:4 Dec 2026');
    expect(line).toHaveTextContent('In this stage:3 working days');
    expect(line).toHaveTextContent('Next:Pending committee');
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual([
      'Details',
      'Documents',
      'Queries',
      'Asset',
      'Payments',
      'Allotment & Possession',
      'Timeline',
    ]);
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

  // In the reader's words, as the note beside them; before the committee, head office approves or rejects through the
  // committee's decision, so Update Status only sends the case back.
  it.each([
    ['submitted', ['Under scrutiny', 'Rejected']],
    ['under_scrutiny', ['Pending committee', 'Rejected']],
    ['pending_committee', ['Under scrutiny']],
    ['approved', ['Pending payment']],
    ['possession_given', ['Under implementation', 'Completed']],
    ['under_implementation', ['Completed']],
  ] as [ApplicationStatus, string[]][])(
    'Update Status offers exactly the transitions from %s',
    async (status, expected) => {
      const { user } = await open('ho', { application: application(status) });
      await user.click(within(actions()).getByRole('button', { name: 'Update Status' }));
      const dialog = await screen.findByRole('dialog', { name: 'Update Status' });
      const options = within(within(dialog).getByLabelText('New status'))
        .getAllByRole('option')
        .map((option) => option.textContent);
      expect(options).toEqual(expected);
    },
  );

  it('gives the committee one decision: approval and rejection only through Record Committee Decision, no assignment', async () => {
    const { user } = await open('committee', { application: application('pending_committee') });
    expect(within(actions()).getByRole('button', { name: 'Record Committee Decision' })).toBeInTheDocument();
    await user.click(within(actions()).getByRole('button', { name: 'Update Status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Status' });
    expect(
      within(within(dialog).getByLabelText('New status'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Under scrutiny']);
    expect(within(dialog).queryByLabelText(/Assign to a committee member/)).not.toBeInTheDocument();
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
    const stage = within(dialog).getByLabelText('Stage text');
    await user.clear(stage);
    await user.click(within(dialog).getByRole('button', { name: 'Update Status' }));
    expect(
      within(within(dialog).getByRole('alert')).getByRole('link', { name: 'Enter the stage text' }),
    ).toHaveAttribute('href', `#${stage.id}`);
    expect(stage).toHaveAccessibleDescription('Shown to the applicant as the current stage. Enter the stage text');
    expect(writes).toEqual([]);
    await user.selectOptions(within(dialog).getByLabelText('New status'), 'rejected');
    expect(within(dialog).getByText('The applicant will be told the application was rejected.')).toBeInTheDocument();
    // A rejection asks for its reason instead of the stage, and is refused without one (decision 024).
    expect(within(dialog).getByLabelText('Reason for the rejection')).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Review and confirm' }));
    expect(
      within(within(dialog).getByRole('alert')).getByRole('link', {
        name: 'Give the reason for the rejection, at least 5 characters',
      }),
    ).toBeVisible();
    expect(writes).toEqual([]);
    await user.selectOptions(within(dialog).getByLabelText('New status'), 'under_scrutiny');
    expect(within(dialog).getByLabelText('Stage text')).toHaveValue('Under scrutiny');
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
        body: {
          status: 'under_scrutiny',
          current_stage: 'Under scrutiny',
          stage: { code: 'status', params: { status: 'under_scrutiny' } },
          assigned_to: COMMITTEE_ID,
        },
      },
    ]);
  });

  it('sends an edited stage as the officer’s own words, with no code', async () => {
    const { user, writes } = await open('zonal_manager', { application: application('submitted') });
    await user.click(within(actions()).getByRole('button', { name: 'Update Status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Status' });
    const stage = within(dialog).getByLabelText('Stage text');
    await user.clear(stage);
    await user.type(stage, 'Checking the DPR with the bank');
    await user.click(within(dialog).getByRole('button', { name: 'Update Status' }));
    expect(await screen.findByText('Status updated successfully')).toBeInTheDocument();
    expect(writes.map((write) => write.body)).toEqual([
      { status: 'under_scrutiny', current_stage: 'Checking the DPR with the bank' },
    ]);
  });

  it('offers no assignee when the user list fails, and shows a refusal (409) with its reason in the dialog', async () => {
    const { user } = await open('ho', {
      application: application('approved'),
      users: 'fail',
      writes: { [`PUT /applications/${APP_ID}/status`]: { status: 409, body: { detail: 'Changed by someone else' } } },
    });
    await user.click(within(actions()).getByRole('button', { name: 'Update Status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Status' });
    expect(within(within(dialog).getByLabelText(/Assign to/)).getAllByRole('option')).toHaveLength(1);
    expect(within(dialog).getByText(/first premium instalment/)).toBeInTheDocument();
    // Asking for payment cannot be undone: it is said in words first, and only Update Status there sends it.
    await user.click(within(dialog).getByRole('button', { name: 'Review and confirm' }));
    expect(within(dialog).getByRole('region', { name: 'Check before you confirm' })).toHaveTextContent(
      'will move from Approved to PENDING PAYMENT',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Update Status' }));
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal).toHaveTextContent('Failed to update status');
    expect(refusal).toHaveTextContent('Changed by someone else');
  });

  it('verifies a document, and rejects one only with a reason of 5 to 500 characters', async () => {
    const pan = document('d1000000-0000-4000-8000-000000000001', 'pending', 'pan_card');
    const dpr = document('d1000000-0000-4000-8000-000000000002', 'pending', 'dpr');
    const done = document('d1000000-0000-4000-8000-000000000003', 'verified', 'bank_proof');
    signedInAs('committee');
    const api = fakeApi({ application: application('under_scrutiny'), documents: [pan, dpr, done] });
    // A rejection is answered only when the test says so, to see the dialog while it is sent.
    let answerRejection: () => void = () => undefined;
    stubFetch((url, init) => {
      const response = api.handler(url, init);
      if (!url.includes('verified=false')) return response;
      return new Promise<Response>((resolve) => (answerRejection = () => resolve(response as Response)));
    });
    renderApp(`/officer/applications/${APP_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Application APP-2026-000042' });
    const user = userEvent.setup();

    await user.click(screen.getByRole('tab', { name: 'Documents' }));
    const checklist = await screen.findByRole('list', { name: 'Required documents' });
    expect(
      within(checklist)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'DPR (Detailed Project Report) (required)NOT VERIFIED',
      'PAN Card (required)NOT VERIFIED',
      'Bank Account Proof (required)VERIFIED',
    ]);
    await user.click(await screen.findByRole('button', { name: 'Verify PAN Card' }));
    expect(await screen.findByText('Document verified')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify Bank Account Proof' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reject DPR (Detailed Project Report)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject DPR (Detailed Project Report)' });
    expect(dialog).toHaveTextContent('The applicant will see the reason and can upload a replacement.');
    const reason = within(dialog).getByLabelText('Reason for rejecting');
    await user.click(within(dialog).getByRole('button', { name: 'Reject Document' }));
    expect(reason).toHaveAccessibleDescription(
      'Between 5 and 500 characters. The applicant sees this reason. Give the reason for rejecting the document, at least 5 characters',
    );
    await user.type(reason, 'Bad');
    await user.click(within(dialog).getByRole('button', { name: 'Reject Document' }));
    expect(
      within(dialog).getAllByText('Give the reason for rejecting the document, at least 5 characters'),
    ).toHaveLength(2);
    expect(api.writes.filter((call) => call.query === '?verified=false')).toEqual([]);

    await user.clear(reason);
    await user.type(reason, 'The DPR has no financial projections');
    await user.click(within(dialog).getByRole('button', { name: 'Reject Document' }));
    // While the call runs the button says so and cannot be pressed again.
    expect(await within(dialog).findByRole('button', { name: 'Rejecting...' })).toBeDisabled();
    answerRejection();
    expect(await screen.findByText('Document rejected')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.writes.map((call) => `${call.method} ${call.path}${call.query}`)).toEqual([
      `PUT /applications/${APP_ID}/documents/${pan.id}/verify?verified=true`,
      `PUT /applications/${APP_ID}/documents/${dpr.id}/verify?verified=false`,
    ]);
    expect(api.writes[1]!.body).toEqual({ reason: 'The DPR has no financial projections' });
  });

  it('shows a rejected document with its reason in the list and the checklist, and a replaced one as superseded', async () => {
    const rejected = {
      ...document('d1000000-0000-4000-8000-000000000001', 'rejected', 'pan_card'),
      rejection_reason: 'Scan not readable',
    };
    const replaced = {
      ...document('d1000000-0000-4000-8000-000000000002', 'rejected', 'dpr'),
      replaced_at: '2026-03-04T10:00:00.000Z',
    };
    const current = document('d1000000-0000-4000-8000-000000000003', 'pending', 'dpr');
    const { user } = await open('ho', {
      // The server, which sees the rejected document too, stores the applicant as waited on.
      application: application('under_scrutiny', { waiting_on: 'entrepreneur' }),
      documents: [rejected, replaced, current, VERIFIED[2]!],
    });
    expect(rightNowCard()).toHaveTextContent(
      'Waiting for the applicant to upload replacements for rejected documents: PAN Card.',
    );
    await user.click(screen.getByRole('tab', { name: 'Documents' }));
    const checklist = await screen.findByRole('list', { name: 'Required documents' });
    expect(within(checklist).getAllByRole('listitem')[1]).toHaveTextContent('REJECTEDReason: Scan not readable');
    const table = screen.getByRole('table', { name: 'Documents' });
    // Current documents first, in the server's order; the superseded after them.
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Reason: Scan not readable');
    expect(within(rows[1]!).getByRole('button', { name: 'Verify DPR (Detailed Project Report)' })).toBeInTheDocument();
    expect(rows[3]).toHaveTextContent('SUPERSEDED');
    expect(within(rows[3]!).queryByRole('button', { name: /^Verify|^Reject/ })).not.toBeInTheDocument();
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
    await reviewAndConfirm(user, dialog, 'Record Decision');
    expect(await screen.findByText('Decision recorded successfully')).toBeInTheDocument();
    expect(writes[0]!.body).toEqual({
      status: 'pending_committee',
      current_stage: 'Conditional approval: Fire NOC needed',
      stage: { code: 'committee_conditional_approval', params: { note: 'Fire NOC needed' } },
    });
  });

  it('approves in committee with the stage pending allotment; a failure says Failed to record decision', async () => {
    const { user, writes } = await open('ho', {
      application: application('pending_committee'),
      writes: { [`PUT /applications/${APP_ID}/status`]: { status: 500, body: { detail: 'Something went wrong' } } },
    });
    await user.click(within(actions()).getByRole('button', { name: 'Record Committee Decision' }));
    const dialog = await screen.findByRole('dialog', { name: 'Committee decision' });
    await reviewAndConfirm(user, dialog, 'Record Decision');
    // The refusal shows in the dialog, which stays open, and not also as a toast.
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal).toHaveTextContent('Failed to record decision: Something went wrong');
    expect(screen.getAllByText(/Failed to record decision/)).toHaveLength(1);
    expect(writes[0]!.body).toEqual({
      status: 'approved',
      current_stage: 'pending allotment',
      stage: { code: 'committee_approved', params: {} },
    });
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
    const date = within(dialog).getByLabelText('Allotment date');
    const expiry = within(dialog).getByLabelText(/Expiry date/);
    expect(date).toHaveValue(toInputDate(businessToday()));
    expect(expiry).toHaveValue('');
    expect(within(dialog).getByText(/reserved for this applicant/)).toBeInTheDocument();

    // An empty date and a day that does not exist are each named in the summary and beside their field.
    await user.clear(date);
    await user.type(expiry, '30/02/2027');
    await user.click(within(dialog).getByRole('button', { name: 'Review and confirm' }));
    const summary = await within(dialog).findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Enter the allotment date' })).toHaveAttribute(
      'href',
      `#${date.id}`,
    );
    expect(
      within(summary).getByRole('link', { name: 'Enter a real date as dd/mm/yyyy, for example 27/03/2026' }),
    ).toHaveAttribute('href', `#${expiry.id}`);
    expect(date).toHaveAccessibleDescription('Day, month and year, for example 27/03/2026. Enter the allotment date');
    expect(expiry).toHaveAccessibleDescription(
      'Day, month and year, for example 27/03/2026. Enter a real date as dd/mm/yyyy, for example 27/03/2026',
    );
    expect(writes).toEqual([]);

    await user.type(date, toInputDate(businessToday()));
    await user.clear(expiry);
    await reviewAndConfirm(user, dialog, 'Create Allotment');
    expect(await screen.findByText('Allotment created successfully')).toBeInTheDocument();
    expect(writes[0]).toMatchObject({
      method: 'POST',
      path: '/allotments',
      body: {
        application_id: APP_ID,
        asset_id: application('approved').asset_id,
        allotment_type: 'provisional',
        allotment_date: businessToday(),
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
    const dialog = await screen.findByRole('dialog', { name: 'Create Allotment' });
    await reviewAndConfirm(user, dialog, 'Create Allotment');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to create allotment: This asset is already held by another allotment',
    );
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
    const dialog = await screen.findByRole('dialog', { name: 'Verify lease deed' });
    await reviewAndConfirm(user, dialog, 'Save Verification');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to verify lease deed: Already approved');
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
    const date = within(dialog).getByLabelText('Possession date');
    expect(date).toHaveValue(toInputDate(businessToday()));
    expect(within(dialog).getByLabelText('Boundary marked')).toBeChecked();
    const area = within(dialog).getByLabelText('Area verified');
    expect(area).toHaveAttribute('step', '0.01');
    await user.click(within(dialog).getByRole('button', { name: 'Review and confirm' }));
    // In the summary and beside the field.
    expect(within(dialog).getAllByText('Please enter area verified')).toHaveLength(2);
    expect(area).toHaveAccessibleDescription("In the asset's unit (sq m). Please enter area verified");
    await user.clear(date);
    await user.type(date, '31/04/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Review and confirm' }));
    expect(within(dialog).getAllByText('Enter a real date as dd/mm/yyyy, for example 27/03/2026')).toHaveLength(2);
    await user.clear(date);
    await user.click(within(dialog).getByRole('button', { name: 'Review and confirm' }));
    expect(within(dialog).getAllByText('Enter the possession date')).toHaveLength(2);
    expect(date).toHaveAccessibleDescription('Day, month and year, for example 27/03/2026. Enter the possession date');
    expect(writes).toEqual([]);

    await user.type(date, toInputDate(businessToday()));
    await user.type(area, '1100.5');
    state.possession = possession;
    await reviewAndConfirm(user, dialog, 'Record Possession');
    expect(await screen.findByText('Possession recorded and certificate issued')).toBeInTheDocument();
    expect(writes[0]).toMatchObject({
      method: 'POST',
      path: `/allotments/${ALLOTMENT_ID}/possession`,
      body: { possession_date: businessToday(), area_verified: 1100.5, boundary_marked: true, remarks: '' },
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
    await reviewAndConfirm(user, dialog, 'Record Possession');
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
    const line = rightNowCard;
    expect(within(line()).getByText('Waiting for the applicant to upload the lease deed.')).toBeInTheDocument();
    unmount();
    await open('legal', {
      application: application('final_allotment', { waiting_on: 'zonal_manager' }),
      allotment,
      leaseDeed: leaseDeed('approved'),
    });
    expect(
      await within(line()).findByText(
        'The lease deed is approved; waiting for a zonal manager or head office to record possession.',
      ),
    ).toBeInTheDocument();
  });

  it('names in every status line who the application waits on, or that nothing does', async () => {
    for (const status of APPLICATION_STATUSES) {
      const { unmount } = await open('legal', { application: application(status) });
      const sentence = within(rightNowCard()).getByText(/\.$/);
      expect(sentence.textContent).toMatch(/waiting for|waits on|an officer marks/i);
      unmount();
    }
    // One page per status (fifteen of them): more than the default five seconds on a loaded machine.
  }, 20_000);

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

describe('officer application detail: right now, queries and the timeline', () => {
  it('says at pending payment how much the applicant still has to pay, by when', async () => {
    const premium = {
      id: '23232323-2323-4232-8232-232323232323',
      invoice_number: 'INV-2026-000009',
      application_id: APP_ID,
      invoice_type: 'premium_instalment' as const,
      service_request_id: null,
      amount: 546_800,
      due_date: '2026-12-05',
      status: 'pending' as const,
      generated_at: '2026-11-05T10:00:00.000Z',
      paid_at: null,
    };
    signedInAs('finance');
    const api = fakeApi({ application: application('pending_payment') });
    stubFetch((url, init) => (url.startsWith('/api/invoices') ? pageResponse([premium]) : api.handler(url, init)));
    renderApp(`/officer/applications/${APP_ID}`);
    const card = await screen.findByRole('region', { name: 'Right now' });
    expect(await within(card).findByText('Waiting for the applicant to pay ₹5,46,800.')).toBeInTheDocument();
    expect(card).toHaveTextContent('Waiting on:The applicant');
    expect(card).toHaveTextContent('Due by:5 Dec 2026');
    expect(card).toHaveTextContent('Next:Payment verified');
  });

  it('raises a query with a reply-by date seven working days ahead, and only in scrutiny or before the committee', async () => {
    const { user, writes, unmount } = await open('zonal_manager', { application: application('under_scrutiny') });
    await user.click(within(actions()).getByRole('button', { name: 'Raise Query' }));
    const dialog = await screen.findByRole('dialog', { name: 'Raise a query' });
    const respondBy = within(dialog).getByLabelText('Reply by');
    expect(respondBy).toHaveValue(toInputDate(addWorkingDays(businessToday(), 7)));
    expect(respondBy).toHaveAccessibleDescription(
      '7 working days from today unless you change it. Day, month and year, for example 27/03/2026.',
    );
    expect(dialog).toHaveTextContent(
      'The applicant will be asked to reply, and the service clock stops until they answer.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Raise Query' }));
    expect(within(dialog).getAllByText('Enter the query')).toHaveLength(2);
    expect(writes).toEqual([]);

    await user.type(within(dialog).getByLabelText('What the applicant must send or explain'), 'Send the fire NOC.');
    await user.clear(respondBy);
    await user.type(respondBy, '31/04/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Raise Query' }));
    expect(within(dialog).getAllByText('Enter a real date as dd/mm/yyyy, for example 27/03/2026')).toHaveLength(2);
    await user.clear(respondBy);
    await user.type(respondBy, '01/01/2020');
    await user.click(within(dialog).getByRole('button', { name: 'Raise Query' }));
    expect(within(dialog).getAllByText('The reply date must be today or later')).toHaveLength(2);
    expect(writes).toEqual([]);
    await user.clear(respondBy);
    await user.type(respondBy, toInputDate(addWorkingDays(businessToday(), 7)));
    await user.click(within(dialog).getByRole('button', { name: 'Raise Query' }));
    expect(await screen.findByText('Query raised; the applicant has been asked to reply')).toBeInTheDocument();
    expect(writes).toEqual([
      {
        method: 'POST',
        path: `/applications/${APP_ID}/queries`,
        query: '',
        body: { message: 'Send the fire NOC.', respond_by: addWorkingDays(businessToday(), 7) },
      },
    ]);
    unmount();

    await open('committee', { application: application('pending_committee') });
    expect(within(actions()).getByRole('button', { name: 'Raise Query' })).toBeInTheDocument();
  });

  it('lets officers add an internal note on the timeline, and not legal', async () => {
    const { user, writes, unmount } = await open('zonal_manager', { application: application('under_scrutiny') });
    await user.click(screen.getByRole('tab', { name: 'Timeline' }));
    const note = await screen.findByLabelText('Internal note');
    expect(note).toHaveAccessibleDescription('Only officers see this note; the applicant never does.');
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    // In the summary and beside the field.
    expect(await screen.findAllByText('Enter the note')).toHaveLength(2);
    expect(note).toHaveAccessibleDescription('Only officers see this note; the applicant never does. Enter the note');
    expect(writes).toEqual([]);
    await user.type(note, 'Site visit on Tuesday with the surveyor.');
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    expect(await screen.findByText('Note added to the timeline')).toBeInTheDocument();
    expect(writes).toEqual([
      {
        method: 'POST',
        path: `/applications/${APP_ID}/notes`,
        query: '',
        body: { message: 'Site visit on Tuesday with the surveyor.' },
      },
    ]);
    unmount();

    await open('legal', { application: application('under_scrutiny') });
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Timeline' }));
    expect(await screen.findByRole('list', { name: 'Timeline' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Internal note')).not.toBeInTheDocument();
  });

  it('shows a refused query in the dialog', async () => {
    const { user } = await open('ho', {
      application: application('pending_committee'),
      writes: {
        [`POST /applications/${APP_ID}/queries`]: {
          status: 409,
          body: { detail: 'A query can be raised only while the application is under scrutiny or pending committee' },
        },
      },
    });
    await user.click(within(actions()).getByRole('button', { name: 'Raise Query' }));
    const dialog = await screen.findByRole('dialog', { name: 'Raise a query' });
    await user.type(within(dialog).getByLabelText('What the applicant must send or explain'), 'Send the NOC.');
    await user.click(within(dialog).getByRole('button', { name: 'Raise Query' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A query can be raised only while the application is under scrutiny or pending committee',
    );
  });

  it('lists the queries with the answers, and closes an answered one', async () => {
    const open_ = query();
    const answered = query({
      id: '89898989-8989-4898-8898-898989898989',
      message: 'Which bank issued the account proof?',
      status: 'answered',
      response: 'State Bank of India, Balanagar branch.',
      responded_at: '2026-11-20T10:00:00.000Z',
      raised_at: '2026-11-18T10:00:00.000Z',
    });
    const { user, writes } = await open('zonal_manager', {
      application: application('under_scrutiny', { clock_paused: true, waiting_on: 'entrepreneur' }),
      documents: VERIFIED,
      queries: [open_, answered],
    });
    expect(rightNowCard()).toHaveTextContent(
      'Waiting for the applicant to answer a query; the service clock is paused until they do.',
    );
    expect(rightNowCard()).toHaveTextContent('Reply by:10 Dec 2026');
    await user.click(screen.getByRole('tab', { name: 'Queries' }));
    const list = await screen.findByRole('list', { name: 'Queries' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Please send the fire NOC.');
    expect(items[0]).toHaveTextContent("Waiting for the applicant's answer.");
    expect(within(items[0]!).queryByRole('button', { name: /^Close/ })).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent('State Bank of India, Balanagar branch.');
    await user.click(within(items[1]!).getByRole('button', { name: 'Close the query raised on 18 Nov 2026' }));
    expect(await screen.findByText('Query closed')).toBeInTheDocument();
    expect(writes.map((call) => `${call.method} ${call.path}`)).toEqual([`POST /queries/${answered.id}/close`]);
  });

  it('gives legal no Raise Query and no Close', async () => {
    const { user } = await open('legal', {
      application: application('under_scrutiny'),
      queries: [query({ status: 'answered', response: 'Attached.' })],
    });
    expect(within(actions()).queryByRole('button', { name: 'Raise Query' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Queries' }));
    await screen.findByText('Attached.');
    expect(screen.queryByRole('button', { name: /^Close the query/ })).not.toBeInTheDocument();
  });

  it('shows a guard refusal of the committee decision in the dialog and keeps it open', async () => {
    const { user } = await open('committee', {
      application: application('pending_committee'),
      writes: {
        [`PUT /applications/${APP_ID}/status`]: {
          status: 409,
          body: { detail: 'A query on this application is still waiting for the applicant' },
        },
      },
    });
    await user.click(within(actions()).getByRole('button', { name: 'Record Committee Decision' }));
    const dialog = await screen.findByRole('dialog', { name: 'Committee decision' });
    await reviewAndConfirm(user, dialog, 'Record Decision');
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal).toHaveTextContent('Failed to record decision');
    expect(refusal).toHaveTextContent('A query on this application is still waiting for the applicant');
    expect(screen.getByRole('dialog', { name: 'Committee decision' })).toBeInTheDocument();
  });

  it('renders coded timeline entries through the catalogue and marks internal ones', async () => {
    const { user } = await open('ho', {
      application: application('pending_payment'),
      timeline: [
        {
          ...timeline[0]!,
          id: '56565656-5656-4565-8565-565656565656',
          action: 'Application assigned',
          details: 'Assigned to Anita Sharma',
          user_role: 'ho',
          user_name: 'Suresh Reddy',
          event_code: 'application_assigned',
          params: { assignee_name: 'Anita Sharma' },
          internal: true,
        },
        ...timeline,
      ],
    });
    await user.click(screen.getByRole('tab', { name: 'Timeline' }));
    const items = within(await screen.findByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Application assigned');
    expect(within(items[0]!).getByText('Internal')).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('INV-2026-000009: First premium instalment of ₹62,50,000, due 2 May 2026');
    expect(within(items[1]!).queryByText('Internal')).not.toBeInTheDocument();
    expect(items[2]).toHaveTextContent('Moved from Submitted to Under scrutiny. Stage: Under scrutiny');
  });
});
