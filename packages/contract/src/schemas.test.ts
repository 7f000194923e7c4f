import { describe, expect, it } from 'vitest';
import {
  applicantProfileRequestSchema,
  createAllotmentRequestSchema,
  createApplicationRequestSchema,
  createServiceRequestSchema,
  missingServiceParticulars,
  readServiceParticulars,
  recordPossessionRequestSchema,
} from './schemas';

const profile = {
  organization_name: 'Acme Pvt Ltd',
  pan_number: 'abcde1234f',
  category: undefined,
  address: '1 Road',
  city: 'Hyderabad',
  state: 'Telangana',
  pincode: '500001',
  bank_name: 'SBI',
  bank_account: '1234567890',
  bank_ifsc: 'sbin0001234',
};

describe('request schemas', () => {
  it('normalises a profile and defaults the category to general', () => {
    const parsed = applicantProfileRequestSchema.parse(profile);
    expect(parsed.pan_number).toBe('ABCDE1234F');
    expect(parsed.bank_ifsc).toBe('SBIN0001234');
    expect(parsed.category).toBe('general');
    expect(parsed.gst_number).toBeNull();
  });

  it('refuses a profile with a bad PAN or pincode', () => {
    expect(applicantProfileRequestSchema.safeParse({ ...profile, pan_number: '123' }).success).toBe(false);
    expect(applicantProfileRequestSchema.safeParse({ ...profile, pincode: '12' }).success).toBe(false);
  });

  it('defaults the application type to new and needs the project fields', () => {
    const base = {
      asset_id: '0b3f7c1e-8d2a-4c5b-9e6f-1a2b3c4d5e6f',
      project_description: 'Unit',
      estimated_investment: 100,
      employment_generation: 3,
    };
    expect(createApplicationRequestSchema.parse(base).application_type).toBe('new');
    expect(createApplicationRequestSchema.safeParse({ ...base, project_description: '  ' }).success).toBe(false);
    expect(createApplicationRequestSchema.safeParse({ ...base, employment_generation: 2.5 }).success).toBe(false);
  });

  it('sends empty application and allotment as null and type change_name by default; the caller sends no fee', () => {
    const parsed = createServiceRequestSchema.parse({
      description: 'Change name',
      application_id: '',
      allotment_id: '',
      particulars: { new_name: 'Renamed Works' },
    });
    expect(parsed).toMatchObject({ request_type: 'change_name', application_id: null, allotment_id: null });
    expect(parsed.fee_amount).toBeUndefined();
  });

  it("takes a request without its type's particulars and asks for them; checks those given, at their own path, and drops the others", () => {
    // The seed's body (decision 021): no particulars at all is taken, and they are asked for afterwards.
    const seed = createServiceRequestSchema.parse({
      request_type: 'mortgage_noc',
      description: 'A loan',
      fee_amount: 0,
    });
    expect(seed.particulars).toEqual({});
    expect(missingServiceParticulars('mortgage_noc', seed.particulars)).toEqual(['lender', 'loan_amount']);
    const half = createServiceRequestSchema.parse({
      request_type: 'mortgage_noc',
      description: 'A loan',
      particulars: { lender: 'SBI', loan_amount: '' },
    });
    expect(missingServiceParticulars('mortgage_noc', half.particulars)).toEqual(['loan_amount']);
    // Supplying them later, every one is required.
    expect(readServiceParticulars('mortgage_noc', { lender: 'SBI' }, true).issues).toEqual([
      { field: 'loan_amount', message: 'This field is required' },
    ]);
    const transfer = createServiceRequestSchema.parse({
      request_type: 'transfer',
      description: 'To my partner',
      particulars: { transferee_email: 'partner@example.com', new_name: 'Dropped' },
    });
    expect(transfer.particulars).toEqual({ transferee_email: 'partner@example.com', legal_heir: false });
    const subletting = createServiceRequestSchema.safeParse({
      request_type: 'subletting',
      description: 'Half the shed',
      particulars: { sub_lessee: 'Works', sublet_area: 0, months: 121 },
    });
    expect(subletting.error!.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'particulars.months',
      'particulars.sublet_area',
    ]);
  });

  it('defaults the allotment type to provisional and lets the expiry be empty', () => {
    const parsed = createAllotmentRequestSchema.parse({
      application_id: '0b3f7c1e-8d2a-4c5b-9e6f-1a2b3c4d5e6f',
      asset_id: '0b3f7c1e-8d2a-4c5b-9e6f-1a2b3c4d5e6f',
      allotment_date: '2026-11-22',
      expiry_date: '',
    });
    expect(parsed.allotment_type).toBe('provisional');
    expect(parsed.expiry_date).toBeNull();
  });

  it('asks for area verified on possession', () => {
    const result = recordPossessionRequestSchema.safeParse({ possession_date: '2026-11-22' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please enter area verified');
    expect(
      recordPossessionRequestSchema.parse({ possession_date: '2026-11-22', area_verified: 2.5 }).boundary_marked,
    ).toBe(true);
  });
});
