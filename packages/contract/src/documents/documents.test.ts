import { describe, expect, it } from 'vitest';
import { acceptAttribute, DOCUMENT_RULES, DOCUMENT_TYPES, isAcceptedExtension, MAX_UPLOAD_BYTES } from './documents';

describe('document rules', () => {
  it('limits uploads to 5 MB exactly', () => {
    expect(MAX_UPLOAD_BYTES).toBe(5242880);
  });

  it('labels DPR, PAN card and bank proof as required, the rest optional', () => {
    const required = DOCUMENT_TYPES.filter((type) => DOCUMENT_RULES[type].required);
    expect(required).toEqual(['dpr', 'pan_card', 'bank_proof']);
  });

  it.each([
    ['dpr', 'plan.pdf', true],
    ['dpr', 'plan.DOCX', true],
    ['dpr', 'plan.png', false],
    ['pan_card', 'pan.jpeg', true],
    ['pan_card', 'pan.doc', false],
    ['gst_certificate', 'gst.png', true],
    ['caste_certificate', 'c.jpg', true],
    ['bank_proof', 'bank.exe', false],
    ['other', 'notes.doc', true],
    ['other', 'noextension', false],
  ] as const)('%s accepts %s: %s', (type, name, accepted) => {
    expect(isAcceptedExtension(name, DOCUMENT_RULES[type].extensions)).toBe(accepted);
  });

  it('builds the accept attribute', () => {
    expect(acceptAttribute(DOCUMENT_RULES.dpr.extensions)).toBe('.pdf,.doc,.docx');
  });
});
