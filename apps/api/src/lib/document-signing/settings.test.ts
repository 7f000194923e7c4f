// The document-signing settings as the portal reads them when it starts: production refuses to start without a
// PKCS#12 file or with a certificate outside its validity; a demo portal warns about such a certificate and starts;
// without settings the DEMO identity signs. The trusted eSign CAs are read from their PEM file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { makeDemoIdentity, pkcs12Of } from './identity';
import { documentSigningConfigFrom } from './settings';

const NOW = new Date('2026-06-01T00:00:00Z');
const PASSPHRASE = 'correct horse battery staple';

describe('document-signing settings', () => {
  let dir: string;
  const files = {} as Record<'current' | 'expired' | 'future' | 'caBundle' | 'empty', string>;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'signing-settings-'));
    const write = (name: keyof typeof files, bytes: Buffer | string) => {
      files[name] = path.join(dir, name);
      fs.writeFileSync(files[name], bytes);
    };
    const current = makeDemoIdentity('Settings Test Corporation', new Date('2026-01-01T00:00:00Z'));
    write('current', pkcs12Of(current, PASSPHRASE));
    write(
      'expired',
      pkcs12Of(makeDemoIdentity('Settings Test Corporation', new Date('2010-01-01T00:00:00Z')), PASSPHRASE),
    );
    write(
      'future',
      pkcs12Of(makeDemoIdentity('Settings Test Corporation', new Date('2030-01-01T00:00:00Z')), PASSPHRASE),
    );
    write('caBundle', `${current.caCertificate}\n${current.certificate}`);
    write('empty', 'no certificate here\n');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('signs with the DEMO identity when nothing is configured, outside production', () => {
    expect(documentSigningConfigFrom({}, NOW)).toEqual({ identity: undefined, esignTrustedCas: [], warnings: [] });
    expect(loadConfig({}).documentSigning.identity).toBeUndefined();
  });

  it('refuses to start a production portal without the PKCS#12 settings', () => {
    expect(() => documentSigningConfigFrom({ NODE_ENV: 'production' }, NOW)).toThrow(/DOCUMENT_SIGNING_P12/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/DOCUMENT_SIGNING_P12/);
    expect(() =>
      documentSigningConfigFrom({ NODE_ENV: 'production', DOCUMENT_SIGNING_P12: files.current }, NOW),
    ).toThrow(/DOCUMENT_SIGNING_PASSPHRASE/);
  });

  it('reads a configured certificate: its signer, validity and CA', () => {
    const config = documentSigningConfigFrom(
      { NODE_ENV: 'production', DOCUMENT_SIGNING_P12: files.current, DOCUMENT_SIGNING_PASSPHRASE: PASSPHRASE },
      NOW,
    );
    expect(config.warnings).toEqual([]);
    expect(config.identity).toMatchObject({
      signerName: 'DEMO Settings Test Corporation document signing',
      notBefore: new Date('2025-12-31T23:00:00Z'),
      notAfter: new Date('2036-01-01T00:00:00Z'),
      passphrase: PASSPHRASE,
    });
    expect(config.identity!.caCertificates).toHaveLength(1);
  });

  it('refuses an expired or not yet valid certificate in production; warns and starts in a demo', () => {
    for (const [file, problem] of [
      [files.expired, /expired on 2020-01-01/],
      [files.future, /is not valid before 2029-12-31T23:00/],
    ] as const) {
      const env = { DOCUMENT_SIGNING_P12: file, DOCUMENT_SIGNING_PASSPHRASE: PASSPHRASE };
      expect(() => documentSigningConfigFrom({ ...env, NODE_ENV: 'production' }, NOW)).toThrow(problem);
      const demo = documentSigningConfigFrom(env, NOW);
      expect(demo.identity?.signerName).toBe('DEMO Settings Test Corporation document signing');
      expect(demo.warnings).toHaveLength(1);
      expect(demo.warnings[0]).toMatch(problem);
      expect(demo.warnings[0]).toContain('DOCUMENT_SIGNING_P12');
    }
  });

  it('refuses a file it cannot read or open, naming the setting and never the passphrase', () => {
    const read = (env: NodeJS.ProcessEnv) => () => documentSigningConfigFrom(env, NOW);
    expect(read({ DOCUMENT_SIGNING_P12: path.join(dir, 'absent.p12') })).toThrow(/DOCUMENT_SIGNING_P12 names a file/);
    expect(read({ DOCUMENT_SIGNING_P12: files.current, DOCUMENT_SIGNING_PASSPHRASE: 'wrong' })).toThrow(
      /DOCUMENT_SIGNING_P12 cannot be read with its passphrase/,
    );
    expect(read({ DOCUMENT_SIGNING_P12: files.current, DOCUMENT_SIGNING_PASSPHRASE: 'wrong' })).not.toThrow(/wrong/);
    expect(read({ DOCUMENT_SIGNING_P12: files.empty })).toThrow(/DOCUMENT_SIGNING_P12 cannot be read/);
  });

  it('reads the trusted eSign CAs from ESIGN_TRUSTED_CA_PEM, none by default', () => {
    const config = documentSigningConfigFrom({ ESIGN_TRUSTED_CA_PEM: files.caBundle }, NOW);
    expect(config.esignTrustedCas).toHaveLength(2);
    expect(config.esignTrustedCas[0]).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(() => documentSigningConfigFrom({ ESIGN_TRUSTED_CA_PEM: files.empty }, NOW)).toThrow(
      /ESIGN_TRUSTED_CA_PEM holds no PEM certificate/,
    );
    expect(() => documentSigningConfigFrom({ ESIGN_TRUSTED_CA_PEM: path.join(dir, 'absent.pem') }, NOW)).toThrow(
      /ESIGN_TRUSTED_CA_PEM names a file/,
    );
  });
});
