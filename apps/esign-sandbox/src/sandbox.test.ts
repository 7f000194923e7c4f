// The sandbox eSign provider as an ASP meets it: a request not signed by the ASP's TEST key is answered with a signed
// error response, a wrong OTP is refused on the page with what was typed kept, Cancel answers the signer-cancelled
// error, and OTP 123456 answers a response signed by the ESP's TEST key whose PKCS#7 is a detached CMS over the hash
// asked for, by a certificate the TEST CA issued for the name given.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import forge from 'node-forge';
import {
  SANDBOX_CA_CERT_PEM,
  SANDBOX_ERRORS,
  SANDBOX_ESP_CERT_PEM,
  startEsignSandbox,
  type EsignSandbox,
} from './sandbox';
import { parseXml, signEnveloped, verifyEnveloped } from './xml-signature';

/** An ASP of the test's own, registered with the sandbox by its certificate (the portal's TEST key is the portal's). */
function makeAsp(): { keyPem: string; certPem: string } {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  certificate.serialNumber = '01';
  certificate.validity.notBefore = new Date(Date.now() - 60_000);
  certificate.validity.notAfter = new Date(Date.now() + 3_600_000);
  certificate.setSubject([{ name: 'commonName', value: 'Test ASP' }]);
  certificate.setIssuer([{ name: 'commonName', value: 'Test ASP' }]);
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  certificate.sign(forge.pki.privateKeyFromPem(keyPem), forge.md.sha256.create());
  return { keyPem, certPem: forge.pki.certificateToPem(certificate) };
}

const ASP = makeAsp();
const HASH = crypto.createHash('sha256').update('a lease deed').digest('hex');

function requestXml(txn: string, responseUrl = 'http://127.0.0.1:9/api/esign/response'): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Esign ver="2.1" sc="Y" ts="2026-11-29T10:00:00" txn="${txn}" ekycIdType="A" aspId="TEST" AuthMode="1" responseSigType="pkcs7" responseUrl="${responseUrl}"><Docs><InputHash id="1" hashAlgorithm="SHA256" docInfo="Lease deed">${HASH}</InputHash></Docs></Esign>`;
}

const unescape = (value: string) =>
  value.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name]!,
  );

const post = (url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

/** The response the page posts back, from its form. */
function responseOf(html: string): string {
  const value = /name="eSignResponse" value="([^"]*)"/.exec(html)?.[1];
  expect(value, html).toBeDefined();
  return unescape(value!);
}

describe('the sandbox eSign provider', () => {
  let esp: EsignSandbox;
  beforeAll(async () => {
    esp = await startEsignSandbox({ port: 0, log: () => undefined, aspCertPem: ASP.certPem });
  });
  afterAll(() => esp.close());

  it('says TEST MODE and gives its CA', async () => {
    expect(await (await fetch(esp.url)).text()).toContain('TEST MODE');
    expect((await (await fetch(`${esp.url}/ca.pem`)).text()).trim()).toBe(SANDBOX_CA_CERT_PEM.trim());
  });

  it("answers a request not signed with the ASP's key with a signed error response", async () => {
    const forged = signEnveloped(requestXml('t-forged'), makeAsp().keyPem, ASP.certPem);
    const page = await (await post(esp.signdocUrl, { eSignRequest: forged })).text();
    expect(page).toContain('action="http://127.0.0.1:9/api/esign/response"');
    const response = verifyEnveloped(responseOf(page), SANDBOX_ESP_CERT_PEM, 'EsignResp');
    expect(response?.getAttribute('status')).toBe('0');
    expect(response?.getAttribute('txn')).toBe('t-forged');
    expect(response?.getAttribute('errCode')).toBe(SANDBOX_ERRORS.requestSignature.code);
  });

  it('refuses what is not a request at all', async () => {
    expect((await post(esp.signdocUrl, { eSignRequest: 'nothing' })).status).toBe(400);
  });

  it('refuses a wrong OTP on the page, answers Cancel with an error, and signs with 123456', async () => {
    const signed = signEnveloped(requestXml('t-1'), ASP.keyPem, ASP.certPem);
    const otpPage = await (await post(esp.signdocUrl, { eSignRequest: signed })).text();
    const signing = /name="signing" value="([^"]+)"/.exec(otpPage)?.[1];
    expect(signing, otpPage).toBeDefined();
    expect(otpPage).toContain(HASH);

    const wrong = await (
      await post(`${esp.url}/esign/2.1/otp`, { signing: signing!, aadhaar: '1234', name: 'Asha Devi', otp: '999999' })
    ).text();
    expect(wrong).toContain('Enter the 12-digit Aadhaar number');
    expect(wrong).toContain('The one-time password is not right');
    expect(wrong).toContain('value="Asha Devi"');

    const done = await (
      await post(`${esp.url}/esign/2.1/otp`, {
        signing: signing!,
        aadhaar: '999999990019',
        name: 'Asha Devi',
        otp: '123456',
        action: 'sign',
      })
    ).text();
    const response = verifyEnveloped(responseOf(done), SANDBOX_ESP_CERT_PEM, 'EsignResp')!;
    expect(response.getAttribute('status')).toBe('1');
    expect(response.getAttribute('txn')).toBe('t-1');
    const certificate = forge.pki.certificateFromAsn1(
      forge.asn1.fromDer(forge.util.decode64(response.getElementsByTagName('UserX509Certificate')[0]!.textContent!)),
    );
    expect(certificate.subject.getField('CN').value).toBe('Asha Devi');
    expect(forge.pki.createCaStore([SANDBOX_CA_CERT_PEM]).getIssuer(certificate)).not.toBeNull();
    const docSignature = response.getElementsByTagName('DocSignature')[0]!;
    expect(docSignature.getAttribute('sigHashAlgorithm')).toBe('SHA256');
    const signedData = forge.pkcs7.messageFromAsn1(
      forge.asn1.fromDer(forge.util.decode64(docSignature.textContent!)),
    ) as forge.pkcs7.PkcsSignedData & { rawCapture: { authenticatedAttributes: forge.asn1.Asn1[] } };
    const digest = signedData.rawCapture.authenticatedAttributes
      .map((attribute) => attribute.value as forge.asn1.Asn1[])
      .find((attribute) => forge.asn1.derToOid(attribute[0]!.value as string) === forge.pki.oids.messageDigest)!;
    const value = ((digest[1]!.value as forge.asn1.Asn1[])[0]!.value as string) ?? '';
    expect(forge.util.bytesToHex(value)).toBe(HASH);

    // The signing is spent: the same page cannot sign twice.
    expect((await post(`${esp.url}/esign/2.1/otp`, { signing: signing!, otp: '123456' })).status).toBe(410);

    const again = await (
      await post(esp.signdocUrl, { eSignRequest: signEnveloped(requestXml('t-2'), ASP.keyPem, ASP.certPem) })
    ).text();
    const cancelled = await (
      await post(`${esp.url}/esign/2.1/otp`, {
        signing: /name="signing" value="([^"]+)"/.exec(again)![1]!,
        action: 'cancel',
      })
    ).text();
    const refusal = parseXml(responseOf(cancelled))!.documentElement!;
    expect(refusal.getAttribute('status')).toBe('0');
    expect(refusal.getAttribute('errCode')).toBe(SANDBOX_ERRORS.cancelled.code);
  });
});
