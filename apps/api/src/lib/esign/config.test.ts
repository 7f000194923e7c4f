// ESIGN's settings: the sandbox by default, at PORT + 3, with the TEST keys; a licensed ESP only with its address, the
// ASP id and readable PEM files whose key is the ASP certificate's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { esignConfigFrom } from './config';
import {
  SANDBOX_ASP_CERT_PEM,
  SANDBOX_ASP_KEY_PEM,
  SANDBOX_ESIGN_CA_CERT_PEM,
  SANDBOX_ESP_CERT_PEM,
} from './sandbox-keys';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-esign-config-'));
const file = (name: string, text: string) => {
  const full = path.join(dir, name);
  fs.writeFileSync(full, text);
  return full;
};
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('esignConfigFrom', () => {
  it('is the sandbox by default, at PORT + 3, with the TEST keys', () => {
    expect(esignConfigFrom({}, 8000)).toMatchObject({
      mode: 'sandbox',
      espUrl: 'http://127.0.0.1:8003/esign/2.1/signdoc',
      aspId: 'PORTAL-TEST-ASP',
      aspCertPem: SANDBOX_ASP_CERT_PEM,
      espCertPem: SANDBOX_ESP_CERT_PEM,
      sandboxCaCertPem: SANDBOX_ESIGN_CA_CERT_PEM,
    });
    expect(esignConfigFrom({ ESIGN_URL: 'http://127.0.0.1:9100/esign/2.1/signdoc' }, 8000).espUrl).toBe(
      'http://127.0.0.1:9100/esign/2.1/signdoc',
    );
  });

  it('takes a licensed ESP only with its address, the ASP id and the three PEM files', () => {
    const esp = {
      ESIGN: 'esp',
      ESIGN_URL: 'https://esp.example.in/esign/2.1/signdoc',
      ESIGN_ASP_ID: 'ASP-0042',
      ESIGN_ASP_KEY_PEM: file('asp.key', SANDBOX_ASP_KEY_PEM),
      ESIGN_ASP_CERT_PEM: file('asp.crt', SANDBOX_ASP_CERT_PEM),
      ESIGN_ESP_CERT_PEM: file('esp.crt', SANDBOX_ESP_CERT_PEM),
    };
    expect(esignConfigFrom(esp, 8000)).toMatchObject({ mode: 'esp', aspId: 'ASP-0042', sandboxCaCertPem: undefined });
    expect(() => esignConfigFrom({ ...esp, ESIGN_URL: '' }, 8000)).toThrow(/ESIGN_URL/);
    expect(() => esignConfigFrom({ ...esp, ESIGN_ASP_ID: '' }, 8000)).toThrow(/ESIGN_ASP_ID/);
    expect(() => esignConfigFrom({ ...esp, ESIGN_ESP_CERT_PEM: path.join(dir, 'missing.crt') }, 8000)).toThrow(
      /ESIGN_ESP_CERT_PEM/,
    );
    // The ESP's certificate is not the ASP key's.
    expect(() => esignConfigFrom({ ...esp, ESIGN_ASP_CERT_PEM: esp.ESIGN_ESP_CERT_PEM }, 8000)).toThrow(
      /not the key of/,
    );
    expect(() => esignConfigFrom({ ESIGN: 'aadhaar' }, 8000)).toThrow(/ESIGN must be/);
  });
});
