import { describe, expect, it } from 'vitest';
import { parseTicker, sameTicker } from './ticker.js';

const canonical = (printed: string) => parseTicker(printed)?.canonical ?? null;

describe('ticker normalisation', () => {
  it('reads Bloomberg forms: code, space, exchange', () => {
    expect(canonical('600519 CH')).toBe('600519.SH');
    expect(canonical('000001 CH')).toBe('000001.SZ');
    expect(canonical('830799 CH')).toBe('830799.BJ');
    expect(canonical('700 HK')).toBe('0700.HK');
    expect(canonical('9988 HK')).toBe('9988.HK');
    expect(canonical('AAPL US')).toBe('AAPL.US');
    expect(canonical('JPM UN')).toBe('JPM.US');
    expect(canonical('7203 JP')).toBe('7203.JP');
    expect(canonical('2330 TT')).toBe('2330.TW');
    expect(canonical('000660 KS')).toBe('000660.KS');
    expect(canonical('600406 C1')).toBe('600406.SH');
    expect(canonical('BRK/B US')).toBe('BRK.B.US');
    expect(canonical('700 HK Equity')).toBe('0700.HK');
  });

  it('reads Reuters and Wind forms: code, dot, exchange', () => {
    expect(canonical('0700.HK')).toBe('0700.HK');
    expect(canonical('00700.HK')).toBe('0700.HK');
    expect(canonical('AAPL.O')).toBe('AAPL.US');
    expect(canonical('VNET.OQ')).toBe('VNET.US');
    expect(canonical('JPM.N')).toBe('JPM.US');
    expect(canonical('600519.SS')).toBe('600519.SH');
    expect(canonical('600519.SH')).toBe('600519.SH');
    expect(canonical('000001.SZ')).toBe('000001.SZ');
    expect(canonical('7203.T')).toBe('7203.JP');
    expect(canonical('2330.TW')).toBe('2330.TW');
    expect(canonical('000660.KS')).toBe('000660.KS');
  });

  it('reads an exchange named before a colon', () => {
    expect(canonical('NYSE: JPM')).toBe('JPM.US');
    expect(canonical('Nasdaq: NVDA')).toBe('NVDA.US');
    expect(canonical('HKEX: 700')).toBe('0700.HK');
    expect(canonical('TWSE: 2330')).toBe('2330.TW');
  });

  it('places a bare A-share code by its first digits', () => {
    expect(canonical('600519')).toBe('600519.SH');
    expect(canonical('688556')).toBe('688556.SH');
    expect(canonical('000001')).toBe('000001.SZ');
    expect(canonical('300750')).toBe('300750.SZ');
    expect(canonical('430047')).toBe('430047.BJ');
  });

  it('keeps the printed form and the exchange apart', () => {
    expect(parseTicker('700 HK')).toEqual({
      canonical: '0700.HK',
      code: '0700',
      exchange: 'HK',
      printed: '700 HK',
    });
  });

  it('refuses what is not a ticker', () => {
    expect(parseTicker('THE ZZ')).toBeNull();
    expect(parseTicker('12.5 HK')).toBeNull();
    expect(parseTicker('ABC.HK')).toBeNull(); // Hong Kong codes are digits
    expect(parseTicker('12345 CH')).toBeNull(); // A-share codes have six digits
    expect(parseTicker('hello world')).toBeNull();
  });

  it('matches a bare symbol with any exchange, never two exchanges', () => {
    expect(sameTicker('NVDA', 'NVDA.US')).toBe(true);
    expect(sameTicker('0700.HK', '0700.HK')).toBe(true);
    expect(sameTicker('2330.TW', '2330.JP')).toBe(false);
  });
});
