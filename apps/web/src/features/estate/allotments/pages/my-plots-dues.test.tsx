// My plots, yearly dues: a plot's lease rent and maintenance charges per financial year with the amount, the interest
// to date, the amount due today and the status; Pay on an unpaid one opens the shared pay dialog with the amount due;
// a paid one offers nothing; in Hindi too. On a phone each year is a card with Pay at its foot; a surrendered or
// cancelled plot's dues speak of the past.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, type Allotment, type Invoice } from '@portal/contract';
import { changeLanguage } from '../../../../lib/i18n';
import { pageResponse, renderApp, signedInAs, stubFetch } from '../../../../test/render-app';

const PLOT: Allotment = {
  id: '44444444-4444-4444-8444-444444444444',
  application_id: '33333333-3333-4333-8333-333333333333',
  asset_id: '55555555-5555-4555-8555-555555555555',
  allotment_number: 'ALT-2026-000007',
  allotment_type: 'final',
  allotment_date: '2025-02-14',
  expiry_date: null,
  status: 'active',
  letter_generated: true,
  created_at: '2025-02-14T05:00:00.000Z',
  application_number: 'APP-2026-000042',
  holder_user_id: '00000000-0000-4000-8000-000000000001',
  holder_name: 'Ravi Kumar',
  asset_code: 'VSP-A-12',
  zone: 'Visakhapatnam',
  possession_date: '2025-03-01',
  lease_ends_on: '2124-03-01',
  ended_on: null,
  refund_due: null,
  milestones: [],
  services_allowed: [],
  services: [],
  activity: 'Food processing',
};

const dues = (overrides: Partial<Invoice>): Invoice => ({
  id: '88888888-8888-4888-8888-888888888881',
  invoice_number: 'INV-2026-000101',
  application_id: PLOT.application_id,
  invoice_type: 'lease_rent',
  service_request_id: null,
  amount: 1000,
  due_date: '2026-05-01',
  status: 'overdue',
  generated_at: '2026-04-01T00:00:00.000Z',
  paid_at: null,
  allotment_id: PLOT.id,
  financial_year: 2026,
  interest: 68.38,
  amount_due: 1068.38,
  ...overrides,
});

const LATE = dues({});
const PAID = dues({
  id: '88888888-8888-4888-8888-888888888882',
  invoice_number: 'INV-2025-000050',
  invoice_type: 'maintenance_charge',
  amount: 12000,
  due_date: '2025-05-01',
  status: 'paid',
  paid_at: '2025-04-20T00:00:00.000Z',
  financial_year: 2025,
  interest: 0,
  amount_due: 12000,
});
// Another plot's dues are not this plot's.
const OTHER = dues({
  id: '88888888-8888-4888-8888-888888888883',
  allotment_id: '99999999-9999-4999-8999-999999999999',
  invoice_number: 'INV-2026-000999',
});

function server(plot: Allotment = PLOT, invoices: Invoice[] = [LATE, PAID, OTHER]) {
  return stubFetch((url) => {
    if (url.startsWith('/api/invoices')) return pageResponse(invoices);
    if (/^\/api\/allotments\/[^/?]+\/show-causes$/.test(url)) return pageResponse([]);
    if (url.startsWith('/api/allotments?') || url === '/api/allotments') return pageResponse([plot]);
    return pageResponse([]);
  });
}

/** A phone's screen: `(min-width: N px)` queries answer as a 375 px window would. */
function onAPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    media: query,
    matches: 375 >= Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0),
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

const SURRENDERED: Allotment = {
  ...PLOT,
  status: 'surrendered',
  ended_on: '2026-01-10',
  refund_due: 450_000,
  services_allowed: [],
};

async function inHindi(run: () => Promise<void>) {
  await changeLanguage('hi');
  try {
    await run();
  } finally {
    await changeLanguage('en');
  }
}

describe('my plots: yearly dues', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the plot dues by financial year with interest and amount due, and Pay opens the pay dialog', async () => {
    const fetchMock = server();
    signedInAs('entrepreneur');
    renderApp('/allotments');
    const table = await screen.findByRole('table', { name: 'Yearly dues of plot VSP-A-12' }, { timeout: 15_000 });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('2026–27');
    expect(rows[1]).toHaveTextContent('Lease rent');
    expect(rows[1]).toHaveTextContent('₹1,000₹68.38₹1,068.381 May 2026OVERDUE');
    expect(rows[2]).toHaveTextContent('2025–26');
    expect(rows[2]).toHaveTextContent('Maintenance charges');
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
    expect(table).not.toHaveTextContent('INV-2026-000999');
    const invoiceQuery = fetchMock.mock.calls
      .map(([url]) => String(url))
      .find((url) => url.startsWith('/api/invoices'));
    expect(invoiceQuery).toContain('invoice_type=lease_rent%2Cmaintenance_charge');

    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Pay invoice INV-2026-000101' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('₹1,068.38');
  });

  it('speaks Hindi', async () => {
    server();
    signedInAs('entrepreneur');
    await changeLanguage('hi');
    try {
      renderApp('/allotments');
      expect(await screen.findByRole('heading', { name: 'वार्षिक देय' }, { timeout: 15_000 })).toBeInTheDocument();
      expect(await screen.findByText('पट्टा किराया')).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });

  it('on a phone shows each year as a card, amount due and status beside their labels, and Pay at its foot', async () => {
    onAPhone();
    server();
    signedInAs('entrepreneur');
    await inHindi(async () => {
      renderApp('/allotments');
      const cards = await screen.findByRole('list', { name: 'भूखंड VSP-A-12 के वार्षिक देय' }, { timeout: 15_000 });
      expect(screen.queryByRole('table', { name: 'भूखंड VSP-A-12 के वार्षिक देय' })).toBeNull();
      const [late, paid] = within(cards).getAllByRole('listitem');
      const value = (card: HTMLElement, label: string) =>
        within(card).getByText(label, { selector: 'dt' }).nextElementSibling!.textContent;
      expect(within(late!).getByText('2026–27')).toBeInTheDocument();
      expect(value(late!, 'आज देय राशि')).toBe('₹1,068.38');
      expect(value(late!, 'स्थिति')).toBe('अतिदेय');
      await userEvent.click(within(late!).getByRole('button', { name: 'चालान INV-2026-000101 का भुगतान करें' }));
      expect(await screen.findByRole('dialog')).toHaveTextContent('₹1,068.38');
      expect(within(paid!).queryByRole('button')).toBeNull();
    });
  });

  it("a surrendered plot's dues speak of the past, in Hindi", async () => {
    server(SURRENDERED);
    signedInAs('entrepreneur');
    await inHindi(async () => {
      renderApp('/allotments');
      expect(
        await screen.findByText(
          `पट्टा किराया और रखरखाव शुल्क हर 1 अप्रैल को बिल किए जाते थे, ${formatDate('2026-01-10')} को प्लॉट के समर्पण तक। उसके बाद कुछ भी बिल नहीं हुआ।`,
          undefined,
          { timeout: 15_000 },
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('table', { name: 'भूखंड VSP-A-12 के वार्षिक देय' })).toBeInTheDocument();
      // The lease ended with the surrender: no 99th-year date said as if it still ran.
      expect(screen.queryByText('पट्टा समाप्ति तिथि')).toBeNull();
    });
  });

  it('a cancelled plot with no dues billed says none were, not that they are billed every 1 April', async () => {
    server({ ...SURRENDERED, status: 'cancelled', refund_due: null }, []);
    signedInAs('entrepreneur');
    await inHindi(async () => {
      renderApp('/allotments');
      expect(
        await screen.findByText(
          `${formatDate('2026-01-10')} को प्लॉट का आवंटन रद्द होने से पहले कोई वार्षिक देय बिल नहीं हुआ था।`,
          undefined,
          {
            timeout: 15_000,
          },
        ),
      ).toBeInTheDocument();
      expect(screen.getByText('रद्द होने की तिथि')).toBeInTheDocument();
      expect(document.body).not.toHaveTextContent('बिल किए जाते हैं');
    });
  });
});
