// The officer application detail links an admin to the application's entries of the audit trail; other staff get no
// link.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInAs, stubFetch } from '../../../../test/render-app';
import { APP_ID, application, fakeApi } from '../test/officer-fixtures';

async function open(role: 'admin' | 'zonal_manager') {
  signedInAs(role);
  stubFetch(fakeApi({ application: application('under_scrutiny') }).handler);
  renderApp(`/officer/applications/${APP_ID}`);
  await screen.findByRole('heading', { level: 1, name: 'Application APP-2026-000042' }, { timeout: 15_000 });
}

describe("an application's audit link", () => {
  it("takes an admin to the application's audit entries", async () => {
    await open('admin');
    expect(screen.getByRole('link', { name: 'Audit trail' })).toHaveAttribute(
      'href',
      `/officer/audit?entity=applications&entity_id=${APP_ID}`,
    );
  });

  it('is not shown to a zonal manager', async () => {
    await open('zonal_manager');
    expect(screen.queryByRole('link', { name: 'Audit trail' })).not.toBeInTheDocument();
  });
});
