// The Assets screen: the list with a colour per status, sorted by its column headers and filtered on the server (zone,
// type, status, area and valuation ranges), the zone's plot map, the Add Asset form's rules (required fields,
// defaults, 0.01 steps, messages, the optional place on the map), editing an asset and the all-or-nothing CSV import
// with its row-by-row report.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Asset } from '@portal/contract';
import { changeLanguage } from '../../../../lib/i18n';
import hi from '../i18n/hi.json';
import { jsonResponse, pageResponse, queryOf, renderApp, signedInAs, stubFetch } from '../../../../test/render-app';

function asset(code: string, status: Asset['status']): Asset {
  return {
    id: crypto.randomUUID(),
    asset_code: code,
    category_id: 'msme',
    type: 'plot',
    zone: 'Warangal',
    location: 'Madikonda IP',
    survey_number: '12/1',
    plot_number: null,
    total_area: 1500.5,
    available_area: 1500.5,
    unit: 'sqm',
    valuation: 2_500_000,
    status,
    map: null,
    created_at: '2026-01-01T00:00:00.000Z',
  };
}

const LIST = [asset('WGL-PL-001', 'available'), asset('WGL-PL-002', 'reserved'), asset('WGL-PL-003', 'allotted')];

const ZONES = { zones: ['Nalgonda', 'Warangal'], truncated: false };
const PLACED = LIST.map((item, index) => ({ ...item, map: { x: 1 + index * 4, y: 1, w: 3, h: 2 } }));
const WARANGAL_MAP = { zone: 'Warangal', columns: 11, rows: 2, plots: PLACED, unmapped: 2, truncated: false };

type Answer = (init: RequestInit) => Response;

function stubAssets(answers: { create?: Answer; importFile?: Answer; list?: () => Response; update?: Answer } = {}) {
  return stubFetch((url, init) => {
    const path = url.split('?')[0];
    if (url === '/api/assets' && init.method === 'POST') return answers.create?.(init) ?? jsonResponse(201, LIST[0]);
    if (url === '/api/assets/import')
      return answers.importFile?.(init) ?? jsonResponse(201, { imported: 0, refused: [] });
    if (path === '/api/assets/zones') return jsonResponse(200, ZONES);
    if (path === '/api/assets/map') return jsonResponse(200, WARANGAL_MAP);
    if (init.method === 'PATCH') return answers.update?.(init) ?? jsonResponse(200, LIST[0]);
    if (path === '/api/assets') return answers.list?.() ?? pageResponse(LIST);
    return pageResponse([]);
  });
}

async function openAssets(path = '/officer/assets') {
  signedInAs('ho');
  const view = renderApp(path);
  await screen.findByRole(
    path.includes('view=map') ? 'tabpanel' : 'region',
    { name: /^(Assets|Map)$/ },
    { timeout: 15_000 },
  );
  return view;
}

const listCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.split('?')[0] === '/api/assets');

async function openAddAsset() {
  await userEvent.setup().click(screen.getByRole('button', { name: 'Add Asset' }));
  return screen.findByRole('dialog', { name: 'Add Asset' });
}

async function fillRequired(dialog: HTMLElement, overrides: Partial<Record<string, string>> = {}) {
  const user = userEvent.setup();
  const values: Record<string, string> = {
    'Asset code': 'NLG-LA-500',
    'Category ID': 'food-processing',
    Zone: 'Nalgonda',
    Location: 'Choutuppal IP',
    'Survey number': '301/4',
    'Total area': '4.25',
    'Available area': '4.25',
    'Valuation (₹)': '3500000',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    const input = within(dialog).getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

const postedBody = (fetchMock: ReturnType<typeof stubFetch>, url: string) => {
  const call = fetchMock.mock.calls.find(([input, init]) => String(input) === url && init?.method === 'POST');
  return call?.[1]?.body;
};

describe('assets page', () => {
  it('lists the assets with a colour per status', async () => {
    stubAssets();
    await openAssets();
    expect(screen.getByText('Showing 1–3 of 3')).toBeInTheDocument();
    expect(screen.getByText('AVAILABLE')).toHaveClass('text-green-800');
    expect(screen.getByText('RESERVED')).toHaveClass('text-amber-900');
    expect(screen.getByText('ALLOTTED')).toHaveClass('text-blue-800');
    expect(screen.getAllByText('1,500.5 sq m')).toHaveLength(6);
    expect(screen.getAllByText('₹25,00,000')).toHaveLength(3);
  });

  it('sorts by a column header (aria-sort), and filters by status, zone and type on the server, all in the URL', async () => {
    const fetchMock = stubAssets();
    const { router } = await openAssets('/officer/assets?type=plot&status=nonsense');
    expect(queryOf(listCalls(fetchMock)[0]!)).toEqual({ limit: '50', sort: 'asset_code', type: 'plot' });
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    expect(header('Asset code')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Valuation')).toHaveAttribute('aria-sort', 'none');
    const user = userEvent.setup();
    await user.click(within(header('Valuation')).getByRole('button'));
    await waitFor(() => expect(header('Valuation')).toHaveAttribute('aria-sort', 'descending'));
    expect(header('Asset code')).toHaveAttribute('aria-sort', 'none');
    expect(queryOf(listCalls(fetchMock).at(-1)!).sort).toBe('-valuation');
    await user.click(within(header('Valuation')).getByRole('button'));
    await waitFor(() => expect(header('Valuation')).toHaveAttribute('aria-sort', 'ascending'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'reserved');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Zone' }), 'Warangal');
    await waitFor(() =>
      expect(queryOf(listCalls(fetchMock).at(-1)!)).toMatchObject({
        sort: 'valuation',
        status: 'reserved',
        zone: 'Warangal',
        type: 'plot',
      }),
    );
    expect(router.state.location.search).toBe('?type=plot&status=reserved&sort=valuation&zone=Warangal');
  }, 20_000);

  it('filters by an area range in a chosen unit and a valuation range, refusing a first figure above the second', async () => {
    const fetchMock = stubAssets();
    const { router } = await openAssets();
    const user = userEvent.setup();
    const area = screen.getByRole('group', { name: 'Area' });
    await user.type(within(area).getByLabelText('From'), '5000');
    await user.type(within(area).getByLabelText('To'), '100');
    expect(await within(area).findByText('The first figure must not be more than the second')).toBeInTheDocument();
    expect(within(area).getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(within(area).getByLabelText('To'));
    await user.type(within(area).getByLabelText('To'), '20000');
    await user.selectOptions(within(area).getByLabelText('Area unit'), 'sqft');
    const valuation = screen.getByRole('group', { name: 'Valuation (₹)' });
    await user.type(within(valuation).getByLabelText('From'), '1000000');
    await waitFor(() =>
      expect(queryOf(listCalls(fetchMock).at(-1)!)).toMatchObject({
        area_min: '5000',
        area_max: '20000',
        area_unit: 'sqft',
        valuation_min: '1000000',
      }),
    );
    expect(router.state.location.search).toContain('area_min=5000&area_max=20000');
    // The upside-down range was never sent.
    expect(listCalls(fetchMock).filter((url) => queryOf(url).area_max === '100')).toEqual([]);
    expect(within(area).queryByText('The first figure must not be more than the second')).not.toBeInTheDocument();
  }, 20_000);

  it("draws the zone's plot map with the filters' misses faded, and opens a plot's asset for editing", async () => {
    const fetchMock = stubAssets();
    await openAssets('/officer/assets?view=map&zone=Warangal&status=available');
    const map = await screen.findByRole('group', { name: 'Plot layout of Warangal' });
    expect(within(map).getAllByRole('button')).toHaveLength(3);
    expect(
      within(map).getByRole('button', { name: /^WGL-PL-002,.*Reserved, does not match the filters$/ }),
    ).toBeVisible();
    expect(screen.getByText('2 assets of this zone have no place on the map yet.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/assets/map?zone=Warangal')).toBe(true);
    await userEvent.setup().click(within(map).getByRole('button', { name: /^WGL-PL-001,/ }));
    expect(await screen.findByRole('dialog', { name: 'Edit WGL-PL-001' })).toBeInTheDocument();
  });

  it('asks for a zone before drawing a map', async () => {
    stubAssets();
    await openAssets('/officer/assets?view=map');
    expect(await screen.findByText('Choose a zone to see its plot layout.')).toBeInTheDocument();
  });

  describe('Edit Asset', () => {
    it("sends the changed fields with the place on the map, and says a taken place beside the map's boxes", async () => {
      let attempts = 0;
      const fetchMock = stubAssets({
        update: () =>
          ++attempts === 1
            ? jsonResponse(409, { detail: 'This place on the Warangal map overlaps WGL-PL-002: choose free cells' })
            : jsonResponse(200, LIST[0]),
      });
      await openAssets();
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Edit WGL-PL-001' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit WGL-PL-001' });
      expect(within(dialog).getByLabelText('Zone')).toHaveValue('Warangal');
      await user.clear(within(dialog).getByLabelText('Location'));
      await user.type(within(dialog).getByLabelText('Location'), 'Kazipet IE');
      for (const [label, value] of [
        ['Column', '5'],
        ['Row', '1'],
        ['Width (cells)', '3'],
        ['Height (cells)', '2'],
      ] as const) {
        await user.type(within(dialog).getByLabelText(label), value);
      }
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      await waitFor(() =>
        expect(within(dialog).getByLabelText('Column')).toHaveAccessibleDescription(
          expect.stringContaining('overlaps WGL-PL-002'),
        ),
      );
      await user.clear(within(dialog).getByLabelText('Column'));
      await user.type(within(dialog).getByLabelText('Column'), '9');
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      expect(await screen.findByText('Asset updated', { selector: '[data-title]' })).toBeInTheDocument();
      const patches = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');
      expect(String(patches.at(-1)![0])).toBe(`/api/assets/${LIST[0]!.id}`);
      expect(JSON.parse(String(patches.at(-1)![1]!.body))).toEqual({
        category_id: 'msme',
        zone: 'Warangal',
        location: 'Kazipet IE',
        survey_number: '12/1',
        plot_number: null,
        map: { x: 9, y: 1, w: 3, h: 2 },
      });
    }, 20_000);

    it('asks for all four map boxes or none, and sends nothing until then', async () => {
      const fetchMock = stubAssets();
      await openAssets();
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Edit WGL-PL-002' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit WGL-PL-002' });
      await user.type(within(dialog).getByLabelText('Column'), '41');
      await user.type(within(dialog).getByLabelText('Row'), '2');
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      const summary = await within(dialog).findByRole('alert');
      expect(
        within(summary)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual([
        'The column must be at most 40',
        'Enter the width, or leave all four map boxes empty',
        'Enter the height, or leave all four map boxes empty',
      ]);
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    });
  });

  it("toasts 'Failed to load assets' when the list cannot be loaded", async () => {
    stubAssets({ list: () => jsonResponse(403, { detail: 'no' }) });
    signedInAs('admin');
    renderApp('/officer/assets');
    expect(
      await screen.findByText('Failed to load assets', { selector: '[data-title]' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });

  describe('Add Asset form', () => {
    it('starts with type land, unit acres and status available, areas in steps of 0.01, and plot number optional', async () => {
      stubAssets();
      await openAssets();
      const dialog = await openAddAsset();
      expect(within(dialog).getByLabelText('Type')).toHaveValue('land');
      expect(within(dialog).getByLabelText('Unit')).toHaveValue('acres');
      expect(within(dialog).getByLabelText('Status')).toHaveValue('available');
      for (const label of ['Total area', 'Available area', 'Valuation (₹)']) {
        expect(within(dialog).getByLabelText(label)).toHaveAttribute('step', '0.01');
        expect(within(dialog).getByLabelText(label)).toHaveAttribute('type', 'number');
      }
      expect(
        within(dialog)
          .getByLabelText(/^Plot number/)
          .closest('div'),
      ).toHaveTextContent('(optional)');
      expect(within(dialog).getByRole('group', { name: "Place on the zone's map (optional)" })).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Column')).toHaveValue(null);
    });

    it('names every missing required field in a focused error summary and sends nothing', async () => {
      const fetchMock = stubAssets();
      await openAssets();
      const dialog = await openAddAsset();
      await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Create Asset' }));
      const summary = await within(dialog).findByRole('alert');
      expect(
        within(summary)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual([
        'Enter the asset code',
        'Enter the category ID',
        'Enter the zone',
        'Enter the location',
        'Enter the survey number',
        'Enter the total area',
        'Enter the available area',
        'Enter the valuation in rupees',
      ]);
      await waitFor(() => expect(summary).toHaveFocus());
      expect(within(dialog).getByLabelText('Zone')).toHaveAttribute('aria-invalid', 'true');
      expect(within(dialog).getByLabelText(/^Plot number/)).not.toHaveAttribute('aria-invalid');
      expect(postedBody(fetchMock, '/api/assets')).toBeUndefined();
    });

    it('refuses an available area above the total area', async () => {
      const fetchMock = stubAssets();
      await openAssets();
      const dialog = await openAddAsset();
      await fillRequired(dialog, { 'Available area': '5' });
      await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Create Asset' }));
      expect(
        await within(dialog).findByRole('link', { name: 'Available area cannot exceed total area' }),
      ).toBeInTheDocument();
      expect(postedBody(fetchMock, '/api/assets')).toBeUndefined();
    });

    it("sends numbers and the defaults, toasts 'Asset created' and closes", async () => {
      const fetchMock = stubAssets();
      await openAssets();
      const dialog = await openAddAsset();
      await fillRequired(dialog);
      await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Create Asset' }));
      expect(
        await screen.findByText('Asset created', { selector: '[data-title]' }, { timeout: 15_000 }),
      ).toBeInTheDocument();
      expect(JSON.parse(String(postedBody(fetchMock, '/api/assets')))).toEqual({
        asset_code: 'NLG-LA-500',
        category_id: 'food-processing',
        type: 'land',
        zone: 'Nalgonda',
        location: 'Choutuppal IP',
        survey_number: '301/4',
        plot_number: null,
        total_area: 4.25,
        available_area: 4.25,
        unit: 'acres',
        valuation: 3_500_000,
        status: 'available',
        map: null,
      });
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it("sends the place on the zone's map when all four boxes are filled", async () => {
      const fetchMock = stubAssets();
      await openAssets();
      const dialog = await openAddAsset();
      await fillRequired(dialog, { Column: '3', Row: '4', 'Width (cells)': '2', 'Height (cells)': '1' });
      await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Create Asset' }));
      await waitFor(() => expect(postedBody(fetchMock, '/api/assets')).toBeDefined());
      expect(JSON.parse(String(postedBody(fetchMock, '/api/assets'))).map).toEqual({ x: 3, y: 4, w: 2, h: 1 });
    });

    it('shows the server detail for a duplicate code beside the field and keeps what was typed', async () => {
      stubAssets({ create: () => jsonResponse(409, { detail: 'An asset with code NLG-LA-500 already exists' }) });
      await openAssets();
      const dialog = await openAddAsset();
      await fillRequired(dialog);
      await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Create Asset' }));
      await waitFor(
        () =>
          expect(within(dialog).getByLabelText('Asset code')).toHaveAccessibleDescription(
            expect.stringContaining('already exists'),
          ),
        { timeout: 15_000 },
      );
      // Said beside the field only: no toast as well.
      expect(
        screen.queryByText('An asset with code NLG-LA-500 already exists', { selector: '[data-title]' }),
      ).toBeNull();
      expect(within(dialog).getByLabelText('Zone')).toHaveValue('Nalgonda');
    });

    it("falls back to 'Failed to create asset' in the dialog when the server gives no detail", async () => {
      stubAssets({ create: () => new Response('oops', { status: 500 }) });
      await openAssets();
      const dialog = await openAddAsset();
      await fillRequired(dialog);
      await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Create Asset' }));
      expect(await within(dialog).findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent(
        'Failed to create asset',
      );
      expect(screen.queryByText('Failed to create asset', { selector: '[data-title]' })).toBeNull();
    });

    it("says what is wrong with a map box beside it, and a place beyond the zone's grid", async () => {
      const fetchMock = stubAssets();
      await openAssets();
      const dialog = await openAddAsset();
      await fillRequired(dialog, { Column: '2.5', Row: '0', 'Width (cells)': '40', 'Height (cells)': '1' });
      await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Create Asset' }));
      const summary = await within(dialog).findByRole('alert');
      expect(
        within(summary)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Enter the column as a whole number', 'The row must be at least 1']);
      expect(within(dialog).getByLabelText('Column')).toHaveAccessibleDescription(
        expect.stringContaining('Enter the column as a whole number'),
      );
      const user = userEvent.setup();
      for (const [label, value] of [
        ['Column', '39'],
        ['Row', '1'],
      ] as const) {
        await user.clear(within(dialog).getByLabelText(label));
        await user.type(within(dialog).getByLabelText(label), value);
      }
      await user.click(within(dialog).getByRole('button', { name: 'Create Asset' }));
      await waitFor(() =>
        expect(
          within(within(dialog).getByRole('alert'))
            .getAllByRole('link')
            .map((link) => link.textContent),
        ).toEqual(['The plot must end within column 40']),
      );
      expect(postedBody(fetchMock, '/api/assets')).toBeUndefined();
    }, 20_000);
  });

  describe('CSV import', () => {
    async function openImport() {
      await userEvent.setup().click(screen.getByRole('button', { name: 'Import from CSV' }));
      return screen.findByRole('dialog', { name: 'Import assets from a CSV file' });
    }
    const csvFile = (name = 'assets.csv') => new File(['asset_code,category_id\n'], name, { type: 'text/csv' });

    it('asks for a file, refuses a non-CSV one, and sends the chosen file as the multipart field "file"', async () => {
      const fetchMock = stubAssets({ importFile: () => jsonResponse(201, { imported: 2, refused: [] }) });
      await openAssets();
      const dialog = await openImport();
      const user = userEvent.setup({ applyAccept: false });
      await user.click(within(dialog).getByRole('button', { name: 'Import' }));
      expect(within(dialog).getByLabelText('CSV file')).toHaveAccessibleDescription(
        expect.stringContaining('Please select a file'),
      );
      expect(within(within(dialog).getByRole('alert')).getByRole('link')).toHaveTextContent('Please select a file');
      await user.upload(within(dialog).getByLabelText('CSV file'), csvFile('assets.xlsx'));
      await waitFor(() =>
        expect(within(dialog).getByLabelText('CSV file')).toHaveAccessibleDescription(
          expect.stringContaining('Choose a .csv file'),
        ),
      );
      expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/assets/import')).toBe(false);
      await user.upload(within(dialog).getByLabelText('CSV file'), csvFile());
      await user.click(within(dialog).getByRole('button', { name: 'Import' }));
      expect(
        await screen.findByText('2 assets imported', { selector: '[data-title]' }, { timeout: 15_000 }),
      ).toBeInTheDocument();
      const body = postedBody(fetchMock, '/api/assets/import') as FormData;
      expect((body.get('file') as File).name).toBe('assets.csv');
    });

    const refusedImport = () =>
      jsonResponse(422, {
        detail: '2 rows were refused; nothing was imported',
        imported: 0,
        refused: [
          {
            row: 3,
            asset_code: 'BAD-2',
            reasons: ['valuation: Enter an amount in rupees', 'type: Invalid option'],
            problems: [
              { code: 'invalid_value', params: { column: 'valuation' } },
              { code: 'invalid_value', params: { column: 'type' } },
            ],
          },
          {
            row: 5,
            asset_code: 'HYD-1',
            reasons: ['An asset with code HYD-1 already exists'],
            problems: [{ code: 'code_taken', params: { code: 'HYD-1' } }],
          },
        ],
      });

    it('words each refused row from its codes in Hindi, never in the server’s English', async () => {
      stubAssets({ importFile: refusedImport });
      await openAssets();
      await changeLanguage('hi');
      try {
        const user = userEvent.setup();
        await user.click(await screen.findByRole('button', { name: hi.importCsv }));
        const dialog = await screen.findByRole('dialog', { name: hi.import.title });
        await user.upload(within(dialog).getByLabelText(hi.import.file), csvFile());
        await user.click(within(dialog).getByRole('button', { name: hi.import.submit }));
        const report = await within(dialog).findByRole('alert');
        expect(report).toHaveTextContent('कॉलम valuation का मान जाँचें');
        expect(report).toHaveTextContent('कोड HYD-1 वाली परिसंपत्ति पहले से मौजूद है');
        expect(report).not.toHaveTextContent('Enter an amount in rupees');
      } finally {
        await changeLanguage('en');
      }
    });

    it('lists each refused row and why when nothing was imported', async () => {
      stubAssets({ importFile: refusedImport });
      await openAssets();
      const dialog = await openImport();
      const user = userEvent.setup();
      await user.upload(within(dialog).getByLabelText('CSV file'), csvFile());
      await user.click(within(dialog).getByRole('button', { name: 'Import' }));
      const report = await within(dialog).findByRole('alert');
      expect(within(report).getByRole('heading', { name: 'Nothing was imported' })).toBeInTheDocument();
      const rows = within(within(report).getByRole('region', { name: 'Refused rows and the reasons' }))
        .getAllByRole('row')
        .slice(1);
      expect(rows).toHaveLength(2);
      expect(rows[0]).toHaveTextContent('3BAD-2valuation: Enter an amount in rupeestype: Invalid option');
      expect(rows[1]).toHaveTextContent('An asset with code HYD-1 already exists');
      expect(screen.getByRole('dialog')).toBeInTheDocument();
      expect(screen.queryByText('2 rows were refused; nothing was imported', { selector: '[data-title]' })).toBeNull();
    });
  });
});
