// Grievances on screen: the complainant's page offers what the server allows (reopen and rate once resolved) and tells
// the story; the officer's resolve asks for a message, sends it and words a lost race; a rating needs a choice and
// words "already rated"; the inbox sends its filters to the server.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Grievance } from '@portal/contract';
import { jsonResponse, pageResponse, queryOf, renderApp, signedInAs, stubFetch } from '../../../test/render-app';

const ID = 'b1000000-0000-4000-8000-000000000001';
const GRIEVANCE: Grievance = {
  id: ID,
  grievance_number: 'GRV-2026-000003',
  category: 'park_infrastructure',
  text: 'The road to my plot is broken.',
  status: 'resolved',
  complainant_name: 'Ravi Kumar',
  subject: 'application',
  subject_number: 'APP-2026-000001',
  zone: 'Warangal',
  routed_to: 'zonal_manager',
  escalated_to: 'ho',
  raised_at: '2026-05-04T05:00:00.000Z',
  due_on: '2026-05-25',
  overdue: false,
  resolved_at: '2026-05-20T05:00:00.000Z',
  reopened: false,
  rating: null,
  is_complainant: true,
  actions: ['reopen', 'rate'],
  reopen_until: '2026-06-04',
  attachments: [
    {
      id: 'f1000000-0000-4000-8000-000000000001',
      file_name: 'road.pdf',
      file_size: 2048,
      uploaded_at: '2026-05-04T05:01:00.000Z',
    },
  ],
  entries: [
    {
      id: 'e1',
      kind: 'raised',
      actor_name: 'Ravi Kumar',
      actor_role: 'entrepreneur',
      message: 'The road to my plot is broken.',
      params: {},
      at: '2026-05-04T05:00:00.000Z',
    },
    {
      id: 'e2',
      kind: 'escalate',
      actor_name: null,
      actor_role: null,
      message: null,
      params: { escalated_to: 'ho', due_on: '2026-05-25' },
      at: '2026-05-19T05:00:00.000Z',
    },
    {
      id: 'e3',
      kind: 'resolve',
      actor_name: 'Lakshmi Rao',
      actor_role: 'zonal_manager',
      message: 'Relaid the road.',
      params: {},
      at: '2026-05-20T05:00:00.000Z',
    },
  ],
};

const posts = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

afterEach(() => vi.unstubAllGlobals());

describe('a grievance on screen', () => {
  it('shows the complainant the right-now line, the files and the story, and offers reopen and rate', async () => {
    signedInAs('entrepreneur');
    stubFetch((url) => (url.startsWith(`/api/grievances/${ID}`) ? jsonResponse(200, GRIEVANCE) : pageResponse([])));
    renderApp(`/grievances/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'GRV-2026-000003' })).toBeInTheDocument();
    expect(screen.getByText('It is resolved.')).toBeInTheDocument();
    expect(screen.getByText(/It may be reopened once until/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download road.pdf' })).toBeInTheDocument();
    expect(screen.getByText(/Escalated it to the head office/)).toBeInTheDocument();
    expect(screen.getByText('Relaid the road.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rate the resolution' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument();
    // A resolved grievance takes no more files.
    expect(screen.queryByText('Add a file')).not.toBeInTheDocument();
  });

  it('rates only with a choice, sends it, and words a second rating refused', async () => {
    signedInAs('entrepreneur');
    const fetchMock = stubFetch((url, init) =>
      init.method === 'POST'
        ? jsonResponse(409, { detail: 'This resolution is already rated', code: 'grievance_rated' })
        : jsonResponse(200, GRIEVANCE),
    );
    const user = userEvent.setup();
    renderApp(`/grievances/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Rate the resolution' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rate the resolution of GRV-2026-000003' });
    await user.click(within(dialog).getByRole('button', { name: 'Rate' }));
    expect(await within(dialog).findAllByText('Choose a rating from 1 to 5.')).not.toHaveLength(0);
    expect(posts(fetchMock)).toHaveLength(0);
    await user.click(within(dialog).getByRole('radio', { name: '4 out of 5' }));
    await user.click(within(dialog).getByRole('button', { name: 'Rate' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(posts(fetchMock)[0]![1]!.body))).toEqual({ action: 'rate', rating: 4 });
    expect(await within(dialog).findByText('This resolution is already rated.')).toBeInTheDocument();
  });

  it('has the officer resolve with a message, and words a grievance changed meanwhile', async () => {
    signedInAs('zonal_manager');
    const open: Grievance = {
      ...GRIEVANCE,
      status: 'open',
      is_complainant: false,
      actions: ['reply', 'ask_detail', 'resolve'],
      reopen_until: null,
    };
    const fetchMock = stubFetch((url, init) =>
      init.method === 'POST'
        ? jsonResponse(409, { detail: 'changed', code: 'grievance_state' })
        : jsonResponse(200, open),
    );
    const user = userEvent.setup();
    renderApp(`/grievances/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve GRV-2026-000003' });
    expect(dialog).toHaveTextContent('They may reopen it once within 15 days');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findAllByText('Write a message.')).not.toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Message/), 'The road is relaid.');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(posts(fetchMock)[0]![0]).toBe(`/api/grievances/${ID}/actions`);
    expect(JSON.parse(String(posts(fetchMock)[0]![1]!.body))).toEqual({
      action: 'resolve',
      message: 'The road is relaid.',
    });
    expect(await within(dialog).findByText(/This grievance was changed meanwhile/)).toBeInTheDocument();
  });

  it('sends the inbox filters to the server', async () => {
    signedInAs('zonal_manager');
    const fetchMock = stubFetch(() => pageResponse([{ ...GRIEVANCE, status: 'open', overdue: true }]));
    const user = userEvent.setup();
    renderApp('/officer/grievances');
    expect(await screen.findByRole('link', { name: 'GRV-2026-000003' })).toBeInTheDocument();
    expect(screen.getByText('Past its promised day')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Past their promised day only'));
    await waitFor(() => {
      const last = fetchMock.mock.calls
        .map(([url]) => String(url))
        .filter((url) => url.startsWith('/api/grievances/inbox'))
        .at(-1)!;
      expect(queryOf(last)).toMatchObject({ overdue: 'true' });
    });
  });
});
