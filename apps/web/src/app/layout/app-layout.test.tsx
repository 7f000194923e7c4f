// The frame's access duties: a new page's heading takes focus and its title is announced, dialogs give focus back,
// and the footer is a landmark.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, signedInAs, stubFetch } from '../../test/render-app';

describe('the page frame', () => {
  beforeEach(() => {
    signedInAs('ho');
    stubFetch();
  });

  it('leaves focus alone on the first page, then focuses the new page’s heading and announces it after a link', async () => {
    const user = userEvent.setup();
    renderApp('/officer');
    await screen.findByRole('heading', { level: 1 });
    expect(document.activeElement).toBe(document.body);

    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Meetings' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Meetings' });
    await waitFor(() => expect(heading).toHaveFocus());
    // The announcement is a state update of its own: on a loaded machine it may render after the focus moves.
    await waitFor(() => expect(screen.getByTestId('route-announcer')).toHaveTextContent('Meetings'));
  });

  it('treats the first page of a new visit as a first page, whatever the last visit showed', async () => {
    const user = userEvent.setup();
    const first = renderApp('/officer');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(await within(nav).findByRole('link', { name: 'Meetings' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Meetings' })).toHaveFocus());
    first.unmount();

    renderApp('/officer');
    await screen.findByRole('heading', { level: 1 });
    expect(document.activeElement).toBe(document.body);
  });

  it('has a footer landmark', async () => {
    renderApp('/officer');
    expect(await screen.findByRole('contentinfo')).toHaveTextContent('Industrial Infrastructure Corporation');
  });
});
