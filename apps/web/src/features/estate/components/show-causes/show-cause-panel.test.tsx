// The allottee's show-cause panel: nothing without a notice; the open notice's grounds, reply-by day and PDF; the reply
// form's error, progress and call; a file attached (and one refused) before the reply; the replied and cancelled
// states.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addCalendarDays, businessToday, type Allotment, type ShowCause } from '@portal/contract';
import { AppProviders } from '../../../../app/providers';
import { allotmentFixture } from '../../../../test/fixtures';
import { jsonResponse, signedInAs, stubFetch } from '../../../../test/render-app';
import { ShowCausePanel } from './show-cause-panel';

const NOTICE_ID = '66666666-6666-4666-8666-666666666666';
const REPLY_BY = addCalendarDays(businessToday(), 20);

const ALLOTMENT: Allotment = allotmentFixture({
  possession_date: '2025-01-10',
  asset_code: 'VSP-A-12',
  open_show_cause_id: NOTICE_ID,
  services_allowed: ['withdrawal'],
  services: [],
});

const NOTICE: ShowCause = {
  id: NOTICE_ID,
  notice_number: 'SCN-2026-00004',
  allotment_id: ALLOTMENT.id,
  allotment_number: ALLOTMENT.allotment_number,
  asset_code: 'VSP-A-12',
  holder_name: 'Ravi Kumar',
  status: 'awaiting_reply',
  grounds: 'Construction has not commenced within twelve months of possession.',
  issued_at: '2026-05-01T05:00:00.000Z',
  reply_by: REPLY_BY,
  reply: null,
  replied_at: null,
  reply_documents: [],
  hearing_note: null,
  outcome: null,
  decided_at: null,
  refund_due: null,
};

function renderPanel(allotment: Allotment = ALLOTMENT) {
  signedInAs('entrepreneur');
  return render(
    <AppProviders>
      <ShowCausePanel allotment={allotment} />
    </AppProviders>,
  );
}

/** The date as the shared formatter writes it in English: 5 Jun 2026. */
function englishDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${day} ${months[month! - 1]} ${year}`;
}

describe('ShowCausePanel', () => {
  it('shows nothing and asks for nothing on a plot with no notice', () => {
    const fetchMock = stubFetch();
    const { container } = renderPanel({ ...ALLOTMENT, open_show_cause_id: null });
    expect(container).toBeEmptyDOMElement();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the open notice and sends the reply, refusing an empty one and showing progress', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = stubFetch((url, init) => {
      if (url === `/api/allotments/${ALLOTMENT.id}/show-causes`) return jsonResponse(200, [NOTICE]);
      if (url === `/api/show-causes/${NOTICE_ID}/reply` && init.method === 'POST')
        return new Promise<Response>((resolve) => (answer = resolve));
      return jsonResponse(404, { detail: 'Not found', code: 'not_found' });
    });
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Show-cause notice SCN-2026-00004' });
    expect(panel).toHaveTextContent(NOTICE.grounds);
    expect(panel).toHaveTextContent(`Reply by ${englishDate(REPLY_BY)}.`);
    expect(within(panel).getByRole('button', { name: 'Notice SCN-2026-00004 (PDF)' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Order (PDF)' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Send reply' }));
    expect(await within(panel).findAllByText('Enter your reply')).not.toHaveLength(0);
    expect(within(panel).getByLabelText(/Your reply/)).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(panel).getByLabelText(/Your reply/), 'The plan approval was delayed by the town planner.');
    await user.click(within(panel).getByRole('button', { name: 'Send reply' }));
    // The reply is final: it is shown as it will be sent, and only Send reply there sends it (decision 024).
    const confirm = await screen.findByRole('dialog', { name: 'Send your reply to notice SCN-2026-00004' });
    expect(confirm).toHaveTextContent('The plan approval was delayed by the town planner.');
    expect(fetchMock.mock.calls.some(([url]) => url === `/api/show-causes/${NOTICE_ID}/reply`)).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(within(confirm).getByRole('button', { name: /Sending/ })).toBeDisabled());
    const call = fetchMock.mock.calls.find(([url]) => url === `/api/show-causes/${NOTICE_ID}/reply`)!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ reply: 'The plan approval was delayed by the town planner.' });
    answer(jsonResponse(200, { ...NOTICE, status: 'replied', reply: 'The plan approval was delayed.' }));
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Send reply' })).toBeEnabled());
  });

  it('attaches a chosen file to the reply, and refuses a file of another type', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url === `/api/allotments/${ALLOTMENT.id}/show-causes`) return jsonResponse(200, [NOTICE]);
      if (url === `/api/show-causes/${NOTICE_ID}/documents` && init.method === 'POST')
        return jsonResponse(201, {
          ...NOTICE,
          reply_documents: [
            {
              id: '77777777-7777-4777-8777-777777777777',
              file_name: 'plan.pdf',
              file_size: 2048,
              uploaded_at: '2026-05-02T05:00:00.000Z',
            },
          ],
        });
      return jsonResponse(404, { detail: 'Not found', code: 'not_found' });
    });
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Show-cause notice SCN-2026-00004' });
    const input = within(panel).getByLabelText('Documents');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, new File(['MZ'], 'tool.exe', { type: 'application/octet-stream' }));
    expect(within(panel).getByText('Choose a file of these types: PDF, JPG, JPEG, PNG')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/documents'))).toBe(false);

    await user.upload(input, new File(['%PDF-1.4'], 'plan.pdf', { type: 'application/pdf' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === `/api/show-causes/${NOTICE_ID}/documents`)).toBe(true),
    );
    const call = fetchMock.mock.calls.find(([url]) => url === `/api/show-causes/${NOTICE_ID}/documents`)!;
    expect((call[1]!.body as FormData).get('file')).toBeInstanceOf(File);
    expect(within(panel).queryByText(/Choose a file of these types/)).not.toBeInTheDocument();
  });

  it('says what comes next once replied, with no form, and shows the order of a cancelled plot', async () => {
    stubFetch((url) =>
      url === `/api/allotments/${ALLOTMENT.id}/show-causes`
        ? jsonResponse(200, [
            { ...NOTICE, status: 'replied', reply: 'Work began last week.', replied_at: '2026-05-03T05:00:00.000Z' },
          ])
        : jsonResponse(404, {}),
    );
    const { unmount } = renderPanel();
    const panel = await screen.findByRole('region', { name: 'Show-cause notice SCN-2026-00004' });
    expect(panel).toHaveTextContent('Your reply has been sent. An officer will hear it and make an order.');
    expect(panel).toHaveTextContent('Work began last week.');
    expect(within(panel).queryByRole('button', { name: 'Send reply' })).not.toBeInTheDocument();
    unmount();

    stubFetch((url) =>
      url === `/api/allotments/${ALLOTMENT.id}/show-causes`
        ? jsonResponse(200, [
            {
              ...NOTICE,
              status: 'decided',
              outcome: 'cancelled',
              hearing_note: 'No work on the plot.',
              decided_at: '2026-06-10T05:00:00.000Z',
              refund_due: 444100,
            },
          ])
        : jsonResponse(404, {}),
    );
    renderPanel({ ...ALLOTMENT, status: 'cancelled', open_show_cause_id: null, refund_due: 444100 });
    const cancelled = await screen.findByRole('region', { name: 'This allotment was cancelled by an order' });
    expect(cancelled).toHaveTextContent('No work on the plot.');
    expect(cancelled).toHaveTextContent('₹4,44,100');
    expect(within(cancelled).getByRole('button', { name: 'Order (PDF)' })).toBeInTheDocument();
  });
});
