// The top navigation bar: exactly the spec's links per role, the active link, the phone menu, the name and Logout.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '@portal/contract';
import { renderApp, signedInAs, stubFetch } from '../../test/render-app';

// Written out by hand from the spec (section 2), not computed from navLinksFor.
const EXPECTED: Record<Role, { home: string; links: Array<[string, string]> }> = {
  entrepreneur: {
    home: '/',
    links: [
      ['Dashboard', '/'],
      ['My Applications', '/applications'],
      ['My plots', '/allotments'],
      ['Schemes', '/schemes'],
      ['Service Requests', '/service-requests'],
      ['Grievances', '/grievances'],
      ['Profile', '/profile'],
    ],
  },
  zonal_manager: {
    home: '/officer',
    links: [
      ['Dashboard', '/officer'],
      ['Applications', '/officer/applications'],
      ['Service Requests', '/officer/service-requests'],
      ['Allotments', '/officer/allotments'],
      ['Schemes', '/officer/schemes'],
      ['Grievance inbox', '/officer/grievances'],
      ['Reports', '/officer/reports'],
    ],
  },
  ho: {
    home: '/officer',
    links: [
      ['Dashboard', '/officer'],
      ['Applications', '/officer/applications'],
      ['Service Requests', '/officer/service-requests'],
      ['Assets', '/officer/assets'],
      ['Allotments', '/officer/allotments'],
      ['Schemes', '/officer/schemes'],
      ['Appeals', '/officer/appeals'],
      ['Grievance inbox', '/officer/grievances'],
      ['Meetings', '/officer/meetings'],
      ['Reports', '/officer/reports'],
    ],
  },
  committee: {
    home: '/officer',
    links: [
      ['Dashboard', '/officer'],
      ['Applications', '/officer/applications'],
      ['Allotments', '/officer/allotments'],
      ['Schemes', '/officer/schemes'],
      ['Meetings', '/officer/meetings'],
    ],
  },
  legal: {
    home: '/officer',
    links: [
      ['Dashboard', '/officer'],
      ['Applications', '/officer/applications'],
      ['Service Requests', '/officer/service-requests'],
    ],
  },
  finance: {
    home: '/finance',
    links: [
      ['Dashboard', '/finance'],
      ['Applications', '/officer/applications'],
      ['Service Requests', '/officer/service-requests'],
      ['Bank statements', '/finance/bank-statements'],
      ['Unmatched credits', '/finance/bank-credits'],
      ['Refunds', '/finance/refunds'],
      ['Adjustments', '/finance/adjustments'],
      ['Grievance inbox', '/officer/grievances'],
      ['Reports', '/officer/reports'],
      ['Single window', '/officer/single-window-outbox'],
    ],
  },
  admin: {
    home: '/officer',
    links: [
      ['Dashboard', '/officer'],
      ['Applications', '/officer/applications'],
      ['Service Requests', '/officer/service-requests'],
      ['Unmatched credits', '/finance/bank-credits'],
      ['Refunds', '/finance/refunds'],
      ['Adjustments', '/finance/adjustments'],
      ['Assets', '/officer/assets'],
      ['Allotments', '/officer/allotments'],
      ['Schemes', '/officer/schemes'],
      ['Appeals', '/officer/appeals'],
      ['Grievance inbox', '/officer/grievances'],
      ['Meetings', '/officer/meetings'],
      ['Reports', '/officer/reports'],
      ['Users', '/officer/users'],
      ['Audit', '/officer/audit'],
      ['Outbox', '/officer/outbox'],
      ['Single window', '/officer/single-window-outbox'],
      ['Clock', '/officer/clock'],
    ],
  },
};

function navLinks() {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  const [row] = within(nav).getAllByRole('list');
  return within(row!)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('top navigation', () => {
  beforeEach(() => {
    stubFetch();
  });

  it.each(Object.entries(EXPECTED) as Array<[Role, (typeof EXPECTED)[Role]]>)(
    'shows %s exactly its links, its name and Logout',
    async (role, expected) => {
      const user = signedInAs(role);
      const { router } = renderApp(expected.home);
      await screen.findByRole('navigation', { name: 'Main' });
      expect(navLinks()).toEqual(expected.links);
      expect(screen.getAllByText(user.full_name).length).toBeGreaterThan(0);
      expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(expected.home);
    },
  );

  it('marks the current page with aria-current, and only that one', async () => {
    signedInAs('ho');
    renderApp('/officer/assets');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const current = within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['Assets']);
  });

  it('opens and closes the phone menu with a button that says so', async () => {
    signedInAs('entrepreneur');
    renderApp('/');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const menuId = button.getAttribute('aria-controls');
    expect(menuId).toBeTruthy();
    expect(document.getElementById(menuId!)).toBeNull();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById(menuId!);
    expect(menu).not.toBeNull();
    expect(
      within(menu!)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(EXPECTED.entrepreneur.links.map(([label]) => label));

    await user.click(within(menu!).getByRole('link', { name: 'Profile' }));
    await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'false'));
  });

  it('Logout clears the stored session and goes to /login', async () => {
    signedInAs('admin');
    const { router } = renderApp('/officer');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('has a skip link to the main content', async () => {
    signedInAs('entrepreneur');
    renderApp('/');
    const skip = await screen.findByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(document.getElementById('main-content')?.tagName).toBe('MAIN');
  });
});
