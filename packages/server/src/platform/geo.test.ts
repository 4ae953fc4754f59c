import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createGeo, ipToBigInt } from './geo.js';

describe('geo', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rl-geo-'));
  const csv = join(dir, 'ranges.csv');
  writeFileSync(
    csv,
    '1.0.1.0,1.0.3.255,CN\n8.8.8.0,8.8.8.255,US\n2a00:1450::,2a00:1450:ffff:ffff:ffff:ffff:ffff:ffff,IE\n',
  );

  it('parses addresses to integers', () => {
    expect(ipToBigInt('1.0.0.1')).toBe(16777217n);
    expect(ipToBigInt('::1')).toBe(1n);
    expect(ipToBigInt('2001:db8::')).toBe(0x20010db8n << 96n);
    expect(ipToBigInt('::ffff:1.2.3.4')).toBe((0xffffn << 32n) | 0x01020304n);
    expect(ipToBigInt('nope')).toBeNull();
  });

  it('looks addresses up in a CSV of IP literals; private addresses have no country', () => {
    const geo = createGeo({ trustedHeader: null, csvFiles: [csv] });
    expect(geo.countryOf('1.0.2.3')).toBe('cn');
    expect(geo.countryOf('::ffff:8.8.8.8')).toBe('us');
    expect(geo.countryOf('2a00:1450:4001::1')).toBe('ie');
    expect(geo.countryOf('9.9.9.9')).toBeNull();
    for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.1.1', '172.16.0.1', '::1', 'fe80::1', 'fd00::1'])
      expect(geo.countryOf(ip), ip).toBeNull();
  });

  it('prefers the trusted CDN header, ignoring unknown values', () => {
    const geo = createGeo({ trustedHeader: 'cf-ipcountry', csvFiles: [csv] });
    expect(geo.countryOf('127.0.0.1', 'CN')).toBe('cn');
    expect(geo.countryOf('8.8.8.8', 'XX')).toBe('us');
    expect(geo.countryOf('8.8.8.8', 'not a country')).toBe('us');
    const untrusted = createGeo({ trustedHeader: null, csvFiles: [csv] });
    expect(untrusted.countryOf('127.0.0.1', 'CN')).toBeNull();
  });

  it('ships an offline database in the default configuration', () => {
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
    expect(config.geoipCsv).toHaveLength(2);
    const geo = createGeo({ trustedHeader: null, csvFiles: config.geoipCsv });
    expect(geo.countryOf('1.0.1.1')).toBe('cn');
    expect(geo.countryOf('2001:218:2000:52::1')).toBe('jp');
    expect(loadConfig({ DATA_DIR: dir, GEOIP_CSV: 'off' }).geoipCsv).toEqual([]);
  });
});
