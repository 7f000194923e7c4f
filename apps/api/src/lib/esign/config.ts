/** The portal as an eSign Application Service Provider (ASP) of the CCA's eSign API 2.1: ESIGN=sandbox (the default,
 * the TEST MODE provider `npm start` runs beside the portal, apps/esign-sandbox) or esp (a licensed eSign Service
 * Provider).
 *
 * - ESIGN_URL: the ESP's signing address, where the allottee's browser posts the signed request (sandbox:
 *   http://127.0.0.1:<PORT + 3>/esign/2.1/signdoc).
 * - ESIGN_ASP_ID: the portal's ASP id at the ESP.
 * - ESIGN_ASP_KEY_PEM, ESIGN_ASP_CERT_PEM: paths of the ASP's signing key and certificate (PEM).
 * - ESIGN_ESP_CERT_PEM: path of the ESP's certificate (PEM): a response is believed only when it verifies with it.
 * In sandbox mode the keys are the fixed, public TEST ones both sides know (sandbox-keys.ts). */
import crypto from 'node:crypto';
import fs from 'node:fs';
import {
  SANDBOX_ASP_CERT_PEM,
  SANDBOX_ASP_ID,
  SANDBOX_ASP_KEY_PEM,
  SANDBOX_ESIGN_CA_CERT_PEM,
  SANDBOX_ESP_CERT_PEM,
} from './sandbox-keys';

export interface EsignConfig {
  mode: 'sandbox' | 'esp';
  /** Where the browser posts the request. */
  espUrl: string;
  aspId: string;
  aspKeyPem: string;
  aspCertPem: string;
  espCertPem: string;
  /** The sandbox's TEST CA, which issues its signers' certificates; undefined with a real ESP (its CA is a licensed
   * one a reader already trusts). */
  sandboxCaCertPem: string | undefined;
}

function readPem(variable: string, path: string | undefined): string {
  if (!path) throw new Error(`ESIGN=esp needs ${variable} (the path of a PEM file)`);
  try {
    return fs.readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`${variable}: ${path} could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`, {
      cause: error,
    });
  }
}

/** Throws unless the key is a private key, the certificates are certificates, and the key is the ASP certificate's. */
function checkKeys(config: EsignConfig): void {
  let aspCertificate: crypto.X509Certificate;
  try {
    aspCertificate = new crypto.X509Certificate(config.aspCertPem);
    new crypto.X509Certificate(config.espCertPem);
  } catch {
    throw new Error('ESIGN_ASP_CERT_PEM and ESIGN_ESP_CERT_PEM must each hold a PEM certificate');
  }
  let key: crypto.KeyObject;
  try {
    key = crypto.createPrivateKey(config.aspKeyPem);
  } catch {
    // The file may hold a secret: name only what was expected.
    throw new Error('ESIGN_ASP_KEY_PEM must hold an unencrypted PEM private key');
  }
  if (!aspCertificate.checkPrivateKey(key)) {
    throw new Error("ESIGN_ASP_KEY_PEM is not the key of ESIGN_ASP_CERT_PEM's certificate");
  }
}

export function esignConfigFrom(env: NodeJS.ProcessEnv, port: number): EsignConfig {
  const mode = env.ESIGN?.trim() || 'sandbox';
  if (mode !== 'sandbox' && mode !== 'esp') throw new Error(`ESIGN must be "sandbox" or "esp", not "${mode}"`);
  const espUrl = env.ESIGN_URL?.trim() || (mode === 'sandbox' ? `http://127.0.0.1:${port + 3}/esign/2.1/signdoc` : '');
  if (!espUrl) throw new Error("ESIGN=esp needs ESIGN_URL, the eSign Service Provider's signing address");
  if (!/^https?:\/\//.test(espUrl) || !URL.canParse(espUrl)) {
    throw new Error(`ESIGN_URL must be an http:// or https:// address, not "${espUrl}"`);
  }
  const aspId = env.ESIGN_ASP_ID?.trim() || (mode === 'sandbox' ? SANDBOX_ASP_ID : '');
  if (!aspId) throw new Error("ESIGN=esp needs ESIGN_ASP_ID, the portal's ASP id at the eSign Service Provider");
  const config: EsignConfig =
    mode === 'sandbox'
      ? {
          mode,
          espUrl,
          aspId,
          aspKeyPem: SANDBOX_ASP_KEY_PEM,
          aspCertPem: SANDBOX_ASP_CERT_PEM,
          espCertPem: SANDBOX_ESP_CERT_PEM,
          sandboxCaCertPem: SANDBOX_ESIGN_CA_CERT_PEM,
        }
      : {
          mode,
          espUrl,
          aspId,
          aspKeyPem: readPem('ESIGN_ASP_KEY_PEM', env.ESIGN_ASP_KEY_PEM),
          aspCertPem: readPem('ESIGN_ASP_CERT_PEM', env.ESIGN_ASP_CERT_PEM),
          espCertPem: readPem('ESIGN_ESP_CERT_PEM', env.ESIGN_ESP_CERT_PEM),
          sandboxCaCertPem: undefined,
        };
  checkKeys(config);
  return config;
}
