// A CAF that named no plot: the investor sees what the single window sent, the available plots of its park, is told
// to choose one if they did not, and lands on the draft made on the one they chose.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OwnCaf } from '@portal/contract';
import { jsonResponse, pageResponse, queryOf, renderApp, signedInAs, stubFetch } from '../../../../test/render-app';

const CAF: OwnCaf = {
  id: '72000000-0000-4000-8000-000000000001',
  caf_id: 'CAF-2026-100009',
  application_number: 'APP-2026-000077',
  application_id: null,
  park: 'Warangal',
  project_description: 'Cotton ginning',
  estimated_investment: 15_000_000,
  employment_generation: 30,
};
const PLOT = {
  id: '72000000-0000-4000-8000-000000000002',
  asset_code: 'WGL-P-12',
  location: 'Madikonda IP',
  total_area: 2000,
  unit: 'sqm',
  valuation: 4_000_000,
};

describe('choosing the plot of a CAF', () => {
  it('lists the park’s available plots, asks for a choice, and opens the draft made on it', async () => {
    const made = '72000000-0000-4000-8000-000000000003';
    const fetchMock = stubFetch((url, init) => {
      if (url === `/api/single-window/cafs/${CAF.caf_id}`) return jsonResponse(200, CAF);
      if (url.startsWith('/api/assets/available?')) return pageResponse([PLOT]);
      if (init.method === 'POST' && url === `/api/single-window/cafs/${CAF.caf_id}/application`) {
        return jsonResponse(201, { ...CAF, application_id: made });
      }
      return jsonResponse(404, { detail: 'Not found' });
    });
    signedInAs('entrepreneur');
    const { router } = renderApp(`/single-window/cafs/${CAF.caf_id}`);
    expect(await screen.findByText('APP-2026-000077')).toBeInTheDocument();
    expect(screen.getByText('Cotton ginning')).toBeInTheDocument();
    const listCall = fetchMock.mock.calls
      .map(([url]) => String(url))
      .find((url) => url.startsWith('/api/assets/available?'));
    expect(queryOf(listCall!)).toMatchObject({ zone: 'Warangal' });

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Make My Draft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a plot');
    await user.click(await screen.findByRole('radio', { name: /WGL-P-12/ }));
    await user.click(screen.getByRole('button', { name: 'Make My Draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/applications/${made}`));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post![1]!.body))).toEqual({ asset_id: PLOT.id });
  });
});
