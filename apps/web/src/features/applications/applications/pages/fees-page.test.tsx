// The public Fees page: open without signing in (and linked from the login page), the fee schedule from the
// contract, and an estimate from a valuation, checked on submit the GOV.UK way.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInAs, stubFetch } from '../../../../test/render-app';

describe('fees page', () => {
  it('opens signed out from the login page, with the fee schedule', async () => {
    stubFetch();
    const { router } = renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'See what an application costs' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fees' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/fees');
    const schedule = screen.getByRole('table', { name: 'Fee schedule' });
    expect(within(schedule).getByRole('row', { name: /^Processing fee/ })).toHaveTextContent(
      '₹10,000 plus GST at 18%: ₹11,800',
    );
    expect(within(schedule).getByRole('row', { name: /^Earnest money deposit/ })).toHaveTextContent(
      "10% of the asset's valuation",
    );
    expect(within(schedule).getByRole('row', { name: /^First premium instalment/ })).toHaveTextContent(
      "25% of the asset's valuation",
    );
    expect(screen.getByRole('link', { name: 'Sign in to apply' })).toHaveAttribute('href', '/login');
  });

  it('estimates the fees of a valuation, and refuses one that is not a number of rupees', async () => {
    stubFetch();
    renderApp('/fees');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Estimate fees' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveFocus();
    expect(summary).toHaveTextContent("Enter the asset's valuation in rupees, 0 or more");
    const field = screen.getByLabelText('Asset valuation (₹)');
    expect(field).toHaveAccessibleDescription(
      "In rupees, as shown on the asset's card Enter the asset's valuation in rupees, 0 or more",
    );

    await user.type(field, '53,50,000');
    await user.click(screen.getByRole('button', { name: 'Estimate fees' }));
    const estimate = await screen.findByRole('region', { name: 'Estimate for an asset valued at ₹53,50,000' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(estimate).getByText('Processing fee').closest('div')).toHaveTextContent('₹11,800');
    expect(within(estimate).getByText('Earnest money deposit (EMD)').closest('div')).toHaveTextContent('₹5,35,000');
    expect(within(estimate).getByText('Total raised on submission').closest('div')).toHaveTextContent('₹5,46,800');
    expect(within(estimate).getByText('First premium instalment').closest('div')).toHaveTextContent('₹13,37,500');

    await user.clear(field);
    await user.type(field, '-5');
    await user.click(screen.getByRole('button', { name: 'Estimate fees' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Enter the asset's valuation in rupees, 0 or more");
    expect(screen.queryByRole('region', { name: /^Estimate for/ })).not.toBeInTheDocument();
  });

  it('stays open to a signed-in entrepreneur, with the way to apply', async () => {
    signedInAs('entrepreneur');
    stubFetch();
    const { router } = renderApp('/fees');
    expect(await screen.findByRole('link', { name: 'Start a new application' })).toHaveAttribute(
      'href',
      '/applications/new',
    );
    expect(router.state.location.pathname).toBe('/fees');
  });
});
