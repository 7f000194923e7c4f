// The allotment letter and possession certificate dialogs: every block the spec lists under the configured
// letterhead (name, address, GSTIN), Print/Download and Close.
import type { ComponentProps, ReactElement } from 'react';
import { render as renderPlain, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Application, Organization, Possession } from '@portal/contract';
import { AppProviders } from '../../../../app/providers';
import { allotmentFixture, applicantFixture, assetFixture } from '../../../../test/fixtures';
import { jsonResponse, stubFetch } from '../../../../test/render-app';
import { AllotmentLetterDialog } from './allotment-letter-dialog';
import { PossessionCertificateDialog } from './possession-certificate-dialog';

const applicant = applicantFixture();
const asset = assetFixture({ status: 'reserved' });
const application = {
  id: '44444444-4444-4444-8444-444444444444',
  application_number: 'APP-2026-000007',
} as Application;
const allotment = allotmentFixture({
  application_id: application.id,
  asset_id: asset.id,
  allotment_date: '2026-03-05',
  expiry_date: '2026-09-05',
  created_at: '2026-03-05T10:00:00Z',
});
const possession: Possession = {
  id: 'abcdef12-3456-4789-8abc-def012345678',
  allotment_id: allotment.id,
  certificate_number: 'ABCDEF12-345',
  possession_date: '2026-04-10',
  area_verified: 1120.5,
  boundary_marked: true,
  remarks: null,
  created_at: '2026-04-10T10:00:00Z',
};

const ORGANIZATION: Organization = {
  name: 'Industrial Infrastructure Corporation',
  address: 'Corporation House, Industrial Estate Road, Hyderabad, Telangana 500001',
  gstin: '36AAACI1234F1Z3',
};

beforeEach(() => {
  stubFetch((url) => (url === '/api/organization' ? jsonResponse(200, ORGANIZATION) : jsonResponse(404, {})));
});

const render = (ui: ReactElement) => renderPlain(ui, { wrapper: AppProviders });

function fakePrintWindow() {
  const written: string[] = [];
  const printWindow = {
    document: { open: vi.fn(), write: (html: string) => written.push(html), close: vi.fn() },
    focus: vi.fn(),
    print: vi.fn(),
  };
  const open = vi.spyOn(window, 'open').mockReturnValue(printWindow as unknown as Window);
  return { open, printWindow, written };
}

function renderAllotmentLetter(props: Partial<ComponentProps<typeof AllotmentLetterDialog>> = {}) {
  return render(
    <AllotmentLetterDialog
      open
      onOpenChange={() => undefined}
      allotment={allotment}
      application={application}
      asset={asset}
      applicant={applicant}
      {...props}
    />,
  );
}

describe('allotment letter dialog', () => {
  it('shows the heading, letterhead, date, reference, addressee, subject, application reference, asset table and terms', async () => {
    renderAllotmentLetter();
    const dialog = screen.getByRole('dialog', { name: 'Provisional Allotment Letter' });
    const letter = within(dialog).getByTestId('letter');
    expect(letter).toHaveTextContent('Industrial Infrastructure Corporation');
    expect(await within(letter).findByText('GSTIN: 36AAACI1234F1Z3')).toBeInTheDocument();
    expect(within(letter).getByTestId('letterhead')).toHaveTextContent(ORGANIZATION.address);
    expect(letter).toHaveTextContent('Ref. No. ALT-2026-000003');
    expect(letter).toHaveTextContent('Date: 5 Mar 2026');
    expect(letter).toHaveTextContent('Kumar Precision Components Pvt Ltd');
    expect(letter).toHaveTextContent('Plot 12, Industrial Estate Road');
    expect(letter).toHaveTextContent('Hyderabad, Telangana - 500037');
    expect(letter).toHaveTextContent(
      'Subject: Provisional allotment of plot HYD-PL-002 at Patancheru IDA, Hyderabad North',
    );
    expect(letter).toHaveTextContent('Reference: Your application No. APP-2026-000007');
    const table = within(letter).getByRole('table');
    for (const [label, value] of [
      ['Asset code', 'HYD-PL-002'],
      ['Type', 'plot'],
      ['Location and zone', 'Patancheru IDA, Hyderabad North'],
      ['Survey number', '107/2'],
      ['Area', '1,125 sq m'],
      ['Valuation', '₹18,50,000 (Rupees Eighteen Lakh Fifty Thousand Only)'],
    ]) {
      expect(within(table).getByRole('rowheader', { name: label }).nextElementSibling).toHaveTextContent(value!);
    }
    const terms = within(letter)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(terms).toEqual([
      'This allotment is valid until 5 Sept 2026.',
      'The project must commence within the stipulated period.',
      'The balance payment must be made as per the payment schedule.',
      'The allotment is subject to execution of the lease deed.',
      'The Corporation may cancel this allotment for non-compliance with any of these terms.',
      'A provisional allotment will be converted to a final allotment on execution of the lease deed.',
    ]);
  });

  it("reads 'Final Allotment Letter' for a final allotment, and N/A for a missing expiry date", () => {
    renderAllotmentLetter({ allotment: { ...allotment, allotment_type: 'final', expiry_date: null } });
    expect(screen.getByRole('dialog', { name: 'Final Allotment Letter' })).toHaveTextContent(
      'This allotment is valid until N/A.',
    );
  });

  it('prints the letter in a window of its own, and Close closes', async () => {
    const { open, printWindow, written } = fakePrintWindow();
    const onOpenChange = vi.fn();
    renderAllotmentLetter({ onOpenChange });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Print/Download' }));
    expect(open).toHaveBeenCalledWith('', '_blank', expect.any(String));
    expect(written.join('')).toContain('<title>Provisional Allotment Letter</title>');
    expect(written.join('')).toContain('ALT-2026-000003');
    expect(written.join('')).toContain('.letter');
    expect(printWindow.print).toHaveBeenCalled();
    await user.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

describe('possession certificate dialog', () => {
  it('numbers the certificate with the first 12 characters of the possession id, upper-cased, and lists every fact', async () => {
    render(
      <PossessionCertificateDialog
        open
        onOpenChange={() => undefined}
        possession={possession}
        allotment={allotment}
        asset={asset}
        applicant={applicant}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Possession Certificate' });
    expect(dialog).toHaveTextContent('Certificate No. ABCDEF12-345');
    const value = (label: string) =>
      within(dialog).getByRole('rowheader', { name: label }).nextElementSibling?.textContent;
    expect(value('Organization')).toBe('Kumar Precision Components Pvt Ltd');
    expect(value('Address')).toBe('Plot 12, Industrial Estate Road, Hyderabad, Telangana - 500037');
    expect(value('Allotment number')).toBe('ALT-2026-000003');
    expect(value('Asset code')).toBe('HYD-PL-002');
    expect(value('Location and zone')).toBe('Patancheru IDA, Hyderabad North');
    expect(value('Survey number')).toBe('107/2');
    // The area handed over, labelled in the asset's unit, beside the asset's whole area: never "Area allotted".
    expect(value('Total area of the asset (sq m)')).toBe('1,125');
    expect(value('Area handed over (sq m)')).toBe('1,120.5');
    expect(dialog).not.toHaveTextContent('Area allotted');
    expect(await within(dialog).findByText('GSTIN: 36AAACI1234F1Z3')).toBeInTheDocument();
    expect(value('Possession date')).toBe('10 Apr 2026');
    expect(value('Boundary marked')).toBe('Yes');
    expect(value('Remarks')).toBe('N/A');
    expect(dialog).toHaveTextContent('Signature of the allottee');
    expect(dialog).toHaveTextContent('Signature of the authorised officer');
  });

  it('prints in a window of its own', async () => {
    const { written, printWindow } = fakePrintWindow();
    render(
      <PossessionCertificateDialog
        open
        onOpenChange={() => undefined}
        possession={possession}
        allotment={allotment}
        asset={undefined}
        applicant={undefined}
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Print/Download' }));
    expect(written.join('')).toContain('ABCDEF12-345');
    expect(printWindow.print).toHaveBeenCalled();
  });
});
