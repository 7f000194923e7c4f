// The Audit screen (admin): a page of entries with who, what and the changed fields; the filters reach the request;
// an application's link opens the screen filtered to it; other roles are turned away.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AUDITED_ENTITIES, toInputDate, type AuditEntry } from '@portal/contract';
import { changeLanguage } from '../../../lib/i18n';
import en from '../i18n/en.json';
import hi from '../i18n/hi.json';
import te from '../i18n/te.json';
import { pageResponse, queryOf, renderApp, signedInAs, stubFetch } from '../../../test/render-app';

const APPLICATION_ID = '77777777-7777-4777-8777-777777777777';

const ENTRIES: AuditEntry[] = [
  {
    seq: 42,
    at: '2026-11-20T10:15:00.000Z',
    actor_id: '11111111-1111-4111-8111-111111111111',
    actor_name: 'Ravi Kumar',
    actor_role: 'zonal_manager',
    request_id: 'req-9',
    client_address: '10.0.0.5',
    action: 'update',
    entity: 'applications',
    entity_id: APPLICATION_ID,
    changes: { status: ['submitted', 'under_scrutiny'] },
  },
  {
    seq: 41,
    at: '2026-11-20T09:00:00.000Z',
    actor_id: null,
    actor_name: null,
    actor_role: 'system',
    request_id: null,
    client_address: null,
    action: 'insert',
    entity: 'invoices',
    entity_id: '88888888-8888-4888-8888-888888888888',
    changes: { invoice_number: 'INV-2026-00001' },
  },
  {
    seq: 40,
    at: '2026-11-20T08:00:00.000Z',
    actor_id: null,
    actor_name: null,
    actor_role: 'system',
    request_id: null,
    client_address: null,
    action: 'insert',
    entity: 'issued_documents',
    entity_id: '99999999-9999-4999-8999-999999999999',
    changes: {
      kind: 'allotment_letter',
      facts: { holder_name: 'Sri Lakshmi Foods', area_verified: true },
      issued_at: '2026-11-20T08:00:00.000Z',
      superseded_by: null,
    },
  },
];

function stubAudit() {
  return stubFetch((url) => (url.startsWith('/api/audit?') ? pageResponse(ENTRIES) : pageResponse([])));
}

const auditCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/audit?'));

describe('audit page', () => {
  it('renders a page of entries: who, the action, the record and the changed fields', async () => {
    stubAudit();
    signedInAs('admin');
    renderApp('/officer/audit');
    const table = await screen.findByRole('region', { name: 'Audit entries' }, { timeout: 15_000 });
    const first = within(table).getByText('Ravi Kumar').closest('tr')!;
    expect(within(first).getByText('Zonal manager')).toBeInTheDocument();
    expect(within(first).getByText('Changed')).toBeInTheDocument();
    expect(within(first).getByText('Application')).toBeInTheDocument();
    expect(within(first).getByText('Status')).toBeInTheDocument();
    expect(within(first).getByText('SUBMITTED → UNDER SCRUTINY')).toBeInTheDocument();
    expect(within(first).getByText('req-9')).toBeInTheDocument();
    const second = within(table).getByText('INV-2026-00001').closest('tr')!;
    expect(within(second).getByText('System')).toBeInTheDocument();
    expect(within(second).getByText('Created')).toBeInTheDocument();
    expect(within(second).getByText('Invoice number')).toBeInTheDocument();
    // Every table, field and value in words: no table names, snake_case or JSON.
    const third = within(table).getByText('Issued document').closest('tr')!;
    expect(within(third).getByText('allotment letter')).toBeInTheDocument();
    expect(within(third).getByText('Holder: Sri Lakshmi Foods; Area verified: Yes')).toBeInTheDocument();
    expect(within(third).getByText('Replaced by')).toBeInTheDocument();
    expect(table.textContent).not.toMatch(/[a-z]+_[a-z]+|[{}"]/);
  });

  it('names the records by what people call them (a person by name and email, an application by number), the id one click away', async () => {
    const USER_ID = '55555555-5555-4555-8555-555555555555';
    const named: AuditEntry[] = [
      {
        ...ENTRIES[0]!,
        actor_email: 'ravi@corp.example.in',
        entity_name: 'APP-2026-000042',
        entity_email: null,
      },
      {
        ...ENTRIES[1]!,
        seq: 39,
        actor_id: '11111111-1111-4111-8111-111111111111',
        actor_name: 'Ravi Kumar',
        actor_email: 'ravi@corp.example.in',
        action: 'update',
        entity: 'users',
        entity_id: USER_ID,
        entity_name: 'Sunita Rao',
        entity_email: 'sunita@corp.example.in',
        changes: { full_name: ['Sunita', 'Sunita Rao'] },
      },
    ];
    stubFetch((url) => (url.startsWith('/api/audit?') ? pageResponse(named) : pageResponse([])));
    signedInAs('admin');
    renderApp('/officer/audit');
    const table = await screen.findByRole('region', { name: 'Audit entries' }, { timeout: 15_000 });
    const application = within(table).getByText('APP-2026-000042').closest('tr')!;
    expect(within(application).getAllByText('ravi@corp.example.in').length).toBeGreaterThan(0);
    // The id is behind a disclosure, not the record's name.
    const applicationId = within(application).getByText('Record id').closest('details')!;
    expect(applicationId).not.toHaveAttribute('open');
    expect(applicationId).toHaveTextContent(APPLICATION_ID);
    const user = within(table).getByText('Sunita Rao').closest('tr')!;
    expect(within(user).getByText('sunita@corp.example.in')).toBeInTheDocument();
    await userEvent.setup().click(within(user).getByText('Record id'));
    expect(within(user).getByText('Record id').closest('details')).toHaveAttribute('open');
    expect(within(user).getByText(USER_ID)).toBeVisible();
  });

  it("asks for one application's entries when opened from its link, and sends the action filter", async () => {
    const fetchMock = stubAudit();
    signedInAs('admin');
    renderApp(`/officer/audit?entity=applications&entity_id=${APPLICATION_ID}`);
    await screen.findByRole('region', { name: 'Audit entries' }, { timeout: 15_000 });
    expect(queryOf(auditCalls(fetchMock).at(-1)!)).toMatchObject({
      entity: 'applications',
      entity_id: APPLICATION_ID,
      sort: '-seq',
    });
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'update');
    await vi.waitFor(() => expect(queryOf(auditCalls(fetchMock).at(-1)!)).toMatchObject({ action: 'update' }));
  });

  it("filters by day typed as dd/mm/yyyy, shows the URL's day that way, and says when a text is no day", async () => {
    const fetchMock = stubAudit();
    signedInAs('admin');
    renderApp('/officer/audit?from=2026-11-01');
    await screen.findByRole('region', { name: 'Audit entries' }, { timeout: 15_000 });
    expect(screen.getByLabelText('From')).toHaveValue(toInputDate('2026-11-01'));
    expect(queryOf(auditCalls(fetchMock).at(-1)!)).toMatchObject({ from: '2026-11-01' });
    const user = userEvent.setup();
    const to = screen.getByLabelText('To');
    await user.type(to, '31/11/2026');
    await user.tab();
    expect(to).toHaveAccessibleDescription(
      'Day, month and year, for example 27/03/2026. Enter a real date as dd/mm/yyyy, for example 27/03/2026',
    );
    expect(auditCalls(fetchMock).some((url) => 'to' in queryOf(url))).toBe(false);
    await user.clear(to);
    await user.type(to, toInputDate('2026-11-20'));
    await vi.waitFor(() =>
      expect(queryOf(auditCalls(fetchMock).at(-1)!)).toMatchObject({ from: '2026-11-01', to: '2026-11-20' }),
    );
    expect(to).not.toHaveAttribute('aria-invalid');
  });

  it('is not offered to other roles', async () => {
    stubAudit();
    signedInAs('ho');
    renderApp('/officer/audit');
    expect(await screen.findByRole('navigation', { name: 'Main' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Audit entries' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Audit' })).not.toBeInTheDocument();
  });

  it('has a word for every audited record, in English, Hindi and Telugu', () => {
    for (const catalogue of [en, hi, te]) {
      const words = catalogue.entities as Record<string, string>;
      expect(AUDITED_ENTITIES.filter((entity) => !words[entity])).toEqual([]);
    }
  });

  it("words codes in the reader's language: types, roles, kinds, reasons and a status's stage, in Hindi", async () => {
    const entry = (seq: number, entity: string, changes: AuditEntry['changes']): AuditEntry => ({
      ...ENTRIES[1]!,
      seq,
      entity,
      action: 'update',
      changes,
    });
    stubFetch((url) =>
      url.startsWith('/api/audit?')
        ? pageResponse([
            entry(9, 'applications', {
              current_stage: ['Submitted for scrutiny', 'Under scrutiny'],
              waiting_on: ['zonal_manager', 'ho'],
            }),
            entry(8, 'service_requests', {
              request_type: ['eot', 'mortgage_noc'],
              took_effect_at: [null, '2026-11-20'],
            }),
            entry(7, 'invoices', { invoice_type: ['lease_rent', 'maintenance_charge'], financial_year: [2025, 2026] }),
            entry(6, 'issued_documents', { kind: ['payment_receipt', 'no_dues_certificate'] }),
            entry(5, 'ledger_adjustments', { kind: ['debit', 'interest_waiver'] }),
            entry(4, 'bank_credits', { unmatched_reason: [null, 'amount_mismatch'] }),
            entry(3, 'appeals', { ground: ['late', 'rejected'] }),
          ])
        : pageResponse([]),
    );
    signedInAs('admin');
    await changeLanguage('hi');
    try {
      renderApp('/officer/audit');
      const table = await screen.findByRole('region', { name: hi.caption }, { timeout: 15_000 });
      const changes = within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.querySelectorAll('td')[5]!.textContent);
      expect(changes[0]).toBe('चरणजाँच के लिए जमा किया गया → जाँच मेंकिसकी प्रतीक्षाआंचलिक प्रबंधक → मुख्यालय');
      // Nothing in English or as a code: no Latin letters at all, but for the acronyms the catalogues keep.
      for (const text of changes) expect(text).not.toMatch(/[A-Za-z]/);
    } finally {
      await changeLanguage('en');
    }
  });
});
