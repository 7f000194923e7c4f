import { describe, expect, it } from 'vitest';
import { sandboxChainInfo } from '@portal/beacon-sandbox';
import { loadConfig, trustProxyFrom } from './config';
import { QUICKNET_BEACON_CHAIN, SANDBOX_BEACON_CHAIN } from './lib/beacon';

describe('configuration', () => {
  it('trusts no proxy unless TRUST_PROXY says so', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(trustProxyFrom('')).toBe(false);
    expect(trustProxyFrom('false')).toBe(false);
  });

  it('reads TRUST_PROXY as Fastify takes it: true, a number of hops, or addresses and CIDR ranges', () => {
    expect(trustProxyFrom('true')).toBe(true);
    const twoHops = trustProxyFrom('2') as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => twoHops('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(trustProxyFrom('10.0.0.1, 192.168.0.0/16,::1,fd00::/8, loopback')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses a TRUST_PROXY it cannot read, naming the part', () => {
    expect(() => trustProxyFrom('yes')).toThrow(/"yes"/);
    expect(() => trustProxyFrom('10.0.0.1,10.0.0.0/33')).toThrow(/10\.0\.0\.0\/33/);
    expect(() => trustProxyFrom('10.0.0.300')).toThrow(/TRUST_PROXY/);
  });

  it('reads PUBLIC_URL and refuses one that is not http(s)', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.gov.in' }).publicUrl).toBe('https://portal.example.gov.in');
    expect(() => loadConfig({ PUBLIC_URL: 'portal.example' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://portal.example' })).toThrow(/PUBLIC_URL/);
  });

  it('reads SMTP_URL and MAIL_FROM, and refuses an SMTP_URL without repeating it', () => {
    expect(loadConfig({}).smtpUrl).toBeUndefined();
    expect(loadConfig({ SMTP_URL: 'smtp://user:pass@mail.example:587' }).smtpUrl).toBe(
      'smtp://user:pass@mail.example:587',
    );
    expect(loadConfig({ SMTP_URL: 'smtps://mail.example' }).smtpUrl).toBe('smtps://mail.example');
    expect(() => loadConfig({ SMTP_URL: 'http://user:secret@mail.example' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'http://user:secret@mail.example' })).not.toThrow(/secret/);
    expect(loadConfig({}).mailFrom).toBe('Allotment Portal <no-reply@localhost>');
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.gov.in' }).mailFrom).toBe(
      'Allotment Portal <no-reply@portal.example.gov.in>',
    );
    expect(loadConfig({ MAIL_FROM: 'Estates <estates@example.gov.in>' }).mailFrom).toBe(
      'Estates <estates@example.gov.in>',
    );
    expect(() => loadConfig({ MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM/);
  });
});

describe('the randomness beacon (decision 034)', () => {
  it('reads the sandbox at PORT + 2 by default, pinned to its TEST chain', () => {
    const { beacon } = loadConfig({ PORT: '9000' });
    expect(beacon.mode).toBe('sandbox');
    expect(beacon.chain).toEqual({ ...SANDBOX_BEACON_CHAIN, url: 'http://127.0.0.1:9002' });
  });

  it("pins drand's quicknet, read at its public address unless BEACON_URL names a relay", () => {
    expect(loadConfig({ RANDOMNESS_BEACON: 'quicknet' }).beacon.chain).toEqual(QUICKNET_BEACON_CHAIN);
    const relayed = loadConfig({ RANDOMNESS_BEACON: 'quicknet', BEACON_URL: 'https://relay.example.in/quicknet/' });
    expect(relayed.beacon.chain).toEqual({ ...QUICKNET_BEACON_CHAIN, url: 'https://relay.example.in/quicknet' });
  });

  it("repeats the sandbox's chain as the sandbox answers it", () => {
    const info = sandboxChainInfo();
    expect(SANDBOX_BEACON_CHAIN).toEqual({
      hash: info.hash,
      public_key: info.public_key,
      period: info.period,
      genesis_time: info.genesis_time,
      scheme_id: info.schemeID,
      beacon_id: info.metadata.beaconID,
    });
  });

  it('refuses an unknown beacon or an address that is not http(s)', () => {
    expect(() => loadConfig({ RANDOMNESS_BEACON: 'coin-toss' })).toThrow(/RANDOMNESS_BEACON/);
    expect(() => loadConfig({ BEACON_URL: 'ftp://beacon.example.in' })).toThrow(/BEACON_URL/);
  });
});
