// The single window's handoff page: the token is posted once and leaves the address at once; a refused token is said
// plainly, and whoever was signed in on this browser stays signed in (nothing is signed in, nothing is signed out).
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp, signedInAs, stubFetch } from '../../../../test/render-app';

describe('single window handoff page', () => {
  it('posts the token once, drops it from the address, and says a refused link signs nobody in', async () => {
    const fetchMock = stubFetch((url) =>
      url === '/api/single-window/handoff'
        ? jsonResponse(401, { detail: 'refused', code: 'handoff_refused' })
        : jsonResponse(200, []),
    );
    signedInAs('finance', 'someone-elses-token');
    renderApp('/single-window/handoff?caf=CAF-2026-100001&token=header.payload.signature');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link from the single window cannot be used');
    const posts = fetchMock.mock.calls.filter(([url]) => String(url) === '/api/single-window/handoff');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]![1]!.body))).toEqual({
      caf_id: 'CAF-2026-100001',
      token: 'header.payload.signature',
    });
    expect(window.location.search).toBe('');
    await waitFor(() => expect(window.localStorage.getItem('token')).toBe('someone-elses-token'));
  });

  it('refuses a link without a token without asking the server', async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, []));
    renderApp('/single-window/handoff');
    expect(await screen.findByRole('alert')).toHaveTextContent('Nobody has been signed in');
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/single-window/handoff')).toHaveLength(0);
  });
});
