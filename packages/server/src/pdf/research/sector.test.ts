import { SECTORS } from '@rl/contract';
import { describe, expect, it } from 'vitest';
import { findSector, sectorOfLine } from './sector.js';

describe('sector', () => {
  it('reads a cover sector line in either language', () => {
    expect(sectorOfLine('Semiconductors')).toBe('semiconductors');
    expect(sectorOfLine('Semiconductors & Equipment')).toBe('semiconductors');
    expect(sectorOfLine('EQUITY: INTERNET & NEW MEDIA')).toBe('internet_media');
    expect(sectorOfLine('EQUITY: ELECTRICAL EQUIPMENT')).toBe('electrical_equipment');
    expect(sectorOfLine('China Internet')).toBe('internet_media');
    expect(sectorOfLine('Telecommunications')).toBe('telecom');
    expect(sectorOfLine('Sector Healthcare')).toBe('healthcare');
    expect(sectorOfLine('所属行业：机械设备')).toBe('machinery');
    expect(sectorOfLine('行业：食品饮料')).toBe('consumer_staples');
    expect(sectorOfLine('所属行业：光伏设备')).toBe('new_energy');
    expect(sectorOfLine('Banks')).toBe('banks');
    expect(sectorOfLine('Real Estate')).toBe('real_estate');
  });

  it('does not read a broker name or a sentence as a sector', () => {
    expect(sectorOfLine('Deutsche Bank')).toBeNull();
    expect(sectorOfLine('We expect bank margins to fall in 2026')).toBeNull();
    expect(sectorOfLine('Global Markets Research')).toBeNull();
  });

  it('falls back to the sector the opening pages discuss most, when clearly one', () => {
    const text = 'Memory chips and foundry. '.repeat(5) + 'semiconductor demand. '.repeat(4);
    expect(findSector(['Company update'], text)).toBe('semiconductors');
    expect(findSector(['Company update'], 'banks and insurance and property')).toBeNull();
  });

  it('answers only with sectors of the shared list', () => {
    const ids = new Set<string>(SECTORS.map((s) => s.id));
    expect(ids.size).toBeGreaterThanOrEqual(25);
    expect(ids.size).toBeLessThanOrEqual(30);
    expect(ids.has(sectorOfLine('Semiconductors') ?? '')).toBe(true);
  });

  it('reads a sector among the parts of a desk line, and a sector name around a hyphen', () => {
    expect(findSector(['年报点评|计算机应用'], '')).toBe('software');
    expect(findSector(['2022 年 12 月 27 日│中国内地 食品'], '')).toBe('consumer_staples');
    expect(findSector(['Technology - Hardware'], '')).toBe('electronics');
  });
});
