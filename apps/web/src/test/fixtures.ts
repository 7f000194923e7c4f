/** Records as the API answers them, shared by the component tests; each test overrides what it is about. */
import type { Allotment, Applicant, Asset } from '@portal/contract';

export function applicantFixture(overrides: Partial<Applicant> = {}): Applicant {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    user_id: '22222222-2222-4222-8222-222222222222',
    organization_name: 'Kumar Precision Components Pvt Ltd',
    pan_number: 'ABCPK1234L',
    gst_number: null,
    category: 'mse',
    constitution: 'private_limited',
    address: 'Plot 12, Industrial Estate Road',
    city: 'Hyderabad',
    state: 'Telangana',
    pincode: '500037',
    bank_name: 'State Bank of India',
    bank_account: '30123456789',
    bank_ifsc: 'SBIN0001234',
    sdp_reference: null,
    kyc_verified: true,
    bank_verified_at: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

export function assetFixture(overrides: Partial<Asset> = {}): Asset {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    asset_code: 'HYD-PL-002',
    category_id: 'msme',
    type: 'plot',
    zone: 'Hyderabad North',
    location: 'Patancheru IDA',
    survey_number: '107/2',
    plot_number: 'P-2',
    total_area: 1125,
    available_area: 1125,
    unit: 'sqm',
    valuation: 1_850_000,
    status: 'available',
    map: null,
    created_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

export function allotmentFixture(overrides: Partial<Allotment> = {}): Allotment {
  return {
    id: '55555555-5555-4555-8555-555555555555',
    application_id: '44444444-4444-4444-8444-444444444444',
    asset_id: '33333333-3333-4333-8333-333333333333',
    allotment_number: 'ALT-2026-000003',
    allotment_type: 'provisional',
    allotment_date: '2026-05-01',
    expiry_date: null,
    status: 'active',
    letter_generated: true,
    created_at: '2026-05-01T10:00:00Z',
    holder_user_id: '00000000-0000-4000-8000-000000000001',
    possession_date: null,
    lease_ends_on: null,
    ended_on: null,
    refund_due: null,
    milestones: [],
    services_allowed: [],
    services: [],
    ...overrides,
  };
}
