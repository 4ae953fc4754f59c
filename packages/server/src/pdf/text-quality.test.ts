import { describe, expect, it } from 'vitest';
import { detectLanguage } from './detect-language.js';
import { textQuality } from './text-quality.js';

/**
 * What poppler's pdftotext makes of cjk/pdfjs_XiaoBiaoSong_gb2312_winansi.pdf (GB2312 bytes in a
 * font declared WinAnsi); pdf.js 4.10 produced the same kind of text. pdf.js 5.6 reads it right.
 */
const GB2312_AS_LATIN1 = `Ä¿¡¡¡¡Â¼
¹ØÓÚºì¾ü×÷Õ½µÄÔ-Ôò ¡-¡-¡-¡-¡-¡-¡-¡-¡-¡- £±
£¨Ò»¾ÅÈýÆßÄê°ËÔÂÒ»ÈÕ£©
¶Ô¹ú·ÀÎÊÌâµÄÒâ¼û ¡-¡-¡-¡-¡-¡-¡-¡-¡- £³
Í¬¸÷·½½ÓÇ¢ÒªÓÐÇ«Ñ·Ì¬¶È ¡-¡-¡-¡-¡-¡-¡- £¶`;

describe('textQuality', () => {
  it('counts the non-blank characters of every page', () => {
    expect(textQuality({ pages: ['Net sales rose 5%.\n\nMargins held.', '', '  '] })).toEqual({
      chars: 27,
      junk: false,
    });
  });

  it('reports a scan without a text layer as having no characters', () => {
    expect(textQuality({ pages: ['', '', ''] })).toEqual({ chars: 0, junk: false });
  });

  it('flags Chinese decoded as Latin-1 as junk', () => {
    expect(textQuality({ pages: [GB2312_AS_LATIN1] }).junk).toBe(true);
  });

  it('accepts accented European text, Chinese, symbols and short fragments', () => {
    const french =
      'La Banque centrale européenne a relevé ses taux de 25 points de base à 4,50 % en septembre.';
    const german = 'Die Geldpolitik der Europäischen Zentralbank bleibt restriktiv; Löhne steigen über 5 %.';
    expect(textQuality({ pages: [french, german] }).junk).toBe(false);
    expect(
      textQuality({ pages: ['公司2019年度利润分配预案是：每10股派发现金红利1.88元（含税）'] }).junk,
    ).toBe(false);
    expect(textQuality({ pages: ['© 2023 · §240.12b-2 · ±0.5% · 25°C'] }).junk).toBe(false);
    expect(textQuality({ pages: ['Ã©'] }).junk).toBe(false);
  });
});

describe('detectLanguage', () => {
  it('calls a text Chinese when Han characters outnumber Latin words', () => {
    expect(detectLanguage('2022 年 07 月 19 日 高测股份(688556.SH) 增持 PE 30 GW HJT')).toBe('zh');
    expect(detectLanguage('Costco Wholesale Corporation reports third quarter results')).toBe('en');
    expect(detectLanguage('The renminbi (人民币) weakened against the dollar this week')).toBe('en');
    expect(detectLanguage('')).toBe('en');
  });
});
