import type { DocumentIdentity } from './identify-document.js';

export interface StockInformation {
  ticker: string | null;
  company_name: string | null;
  rating: string | null;
  target_price: string | null;
}

const RATINGS = '买入|增持|持有|中性|减持|卖出|强烈推荐|谨慎推荐|推荐|审慎增持|优于大市|跑赢行业|同步大市';

/** The listed company a document is about, with the broker's view when it is a broker note. */
export function findStockInformation(
  pages: readonly string[],
  identity: DocumentIdentity,
): StockInformation[] {
  const head = pages.slice(0, 12).join('\n');
  const firstPage = pages[0] ?? '';
  const stock = (ticker: string | null, company_name: string | null): StockInformation[] =>
    ticker || company_name ? [{ ticker, company_name, rating: null, target_price: null }] : [];

  switch (identity.kind) {
    case 'sec_filing': {
      // The row of the common stock in the cover's "Trading Symbol(s)" table.
      const row =
        /^(?:Common|Ordinary)\s+(?:[Ss]tock|[Ss]hares)\b.*?\s([A-Z]{1,5}(?:\.[A-Z])?)\s+(?:The\s+)?(?:New York Stock Exchange|Nasdaq|NASDAQ|NYSE)/m;
      return stock(row.exec(head)?.[1] ?? null, identity.issuer);
    }
    case 'press_release':
      return stock(
        /\((?:NYSE|Nasdaq|NASDAQ)\s*:\s*([A-Z.]{1,6})\)/.exec(firstPage)?.[1] ?? null,
        identity.issuer,
      );
    case 'cn_company_report': {
      const code = /(?:公司|证券|股票)代码\s*[:：]\s*(\d{6})/.exec(head)?.[1];
      const name = /(?:公司|证券|股票)简称\s*[:：]\s*([\u4e00-\u9fffA-Z*]{2,10})/.exec(head)?.[1] ?? null;
      return stock(code ? withExchange(code) : null, name);
    }
    case 'broker_note': {
      const listed =
        /([\u4e00-\u9fffA-Za-z]{2,8})\s*[（(]\s*(\d{6}\.(?:SH|SZ|BJ)|\d{4,5}\.HK|\d{6})\s*[)）]/.exec(
          firstPage,
        );
      const rating =
        new RegExp(`(?:投资评级|评级)\\s*[:：]\\s*(${RATINGS})`).exec(firstPage)?.[1] ??
        new RegExp(`^(${RATINGS})`, 'm').exec(firstPage)?.[1] ??
        null;
      const target =
        /目标价(?:格)?\s*(?:[（(]元[)）])?\s*[:：]\s*([\d,.]+\s*元?)/.exec(firstPage)?.[1] ?? null;
      if (!listed) return [];
      return [
        {
          ticker: withExchange(listed[2] ?? ''),
          company_name: listed[1] ?? null,
          rating,
          target_price: target,
        },
      ];
    }
    default:
      return [];
  }
}

/** 600519 -> 600519.SH: Shanghai codes start with 6 or 9, Beijing with 4 or 8, Shenzhen the rest. */
function withExchange(code: string): string {
  if (!/^\d{6}$/.test(code)) return code;
  if (/^[69]/.test(code)) return `${code}.SH`;
  if (/^[48]/.test(code)) return `${code}.BJ`;
  return `${code}.SZ`;
}
