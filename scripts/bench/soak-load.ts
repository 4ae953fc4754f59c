import { readMix } from './read-load.js';
import { runWrk } from './wrk-load.js';

/**
 * A server's day in minutes: mixed traffic in which almost every search is one the server has not
 * seen (keywords of one to three words drawn from a vocabulary in English and Chinese, with a
 * number now and then, filters, both orders, later pages), with report details and the landing
 * list at many pages between them. What a fresh server's benchmark never shows is what such
 * traffic leaves behind: caches keyed per query, prepared statements per distinct SQL text, the
 * heap they hold. wrk draws each request in Lua, so the queries never repeat in a fixed cycle.
 */

const WORDS = [
  'market',
  'inflation',
  'outlook',
  'bank',
  'energy',
  'growth',
  'rates',
  'earnings',
  'credit',
  'bond',
  'yield',
  'equity',
  'china',
  'property',
  'consumer',
  'semiconductor',
  'oil',
  'gold',
  'dividend',
  'margin',
  'policy',
  'fiscal',
  'currency',
  'export',
  'demand',
  'supply',
  'auto',
  'battery',
  'solar',
  'insurance',
  'retail',
  'steel',
  'copper',
  'rating',
  'target',
  'upgrade',
  'downgrade',
  'valuation',
  'risk',
  'liquidity',
  'spread',
  'swap',
  'interest',
  'capex',
  'tech',
  'internet',
  'healthcare',
  'pharma',
  'telecom',
  'utilities',
  'real estate',
  'cycle',
  'recovery',
  '新能源',
  '银行',
  '利率',
  '债券',
  '半导体',
  '消费',
  '地产',
  '通胀',
  '汽车',
  '电池',
  '光伏',
  '保险',
  '券商',
  '白酒',
  '医药',
  '互联网',
  '有色',
  '钢铁',
  '煤炭',
  '黄金',
  '出口',
  '信用债',
];
const FILTERS = [
  '{}',
  '{"asset_class":"Equities"}',
  '{"country":"China"}',
  '{"asset_class":"Rates","min_page":2}',
  '{"country":"United States"}',
];
const SORTINGS = ['null', '"date_desc"', '"date_asc"', '"relevance"'];

const lua = (s: string) => JSON.stringify(s);

/** A wrk script: 45 % searches (mostly new), 25 % details, 20 % the landing list at pages 1-20, 10 % the page chrome. */
export async function soakScript(t: { url: string; token: string }): Promise<string> {
  const headers = {
    'content-type': 'application/json',
    authorization: `Bearer ${t.token}`,
    'x-fingerprint': 'soak-load',
  };
  // The ids the mix knows (its details), through the same calls the read benchmark makes.
  const mix = await readMix(t);
  const ids = [
    ...new Set(
      mix
        .filter((r) => r.path === '/api/file/file_detail')
        .map((r) => (JSON.parse(String(r.body)) as { file_id: string }).file_id),
    ),
  ];
  const headerTable = Object.entries(headers)
    .map(([k, v]) => `[${lua(k)}] = ${lua(v)}`)
    .join(', ');
  return `
local words = { ${WORDS.map(lua).join(', ')} }
local filters = { ${FILTERS.map(lua).join(', ')} }
local sortings = { ${SORTINGS.map(lua).join(', ')} }
local ids = { ${ids.map(lua).join(', ')} }
local headers = { ${headerTable} }
local function pick(t) return t[math.random(1, #t)] end
local function json(s) return '"' .. s .. '"' end
function init(args)
  math.randomseed(os.time() + math.random(1, 100000))
end
local function keyword()
  local n = math.random(1, 3)
  local parts = {}
  for i = 1, n do parts[i] = pick(words) end
  if math.random() < 0.3 then parts[#parts + 1] = tostring(math.random(1, 5000)) end
  return table.concat(parts, ' ')
end
function request()
  local r = math.random()
  if r < 0.45 then
    local body = '{"keyword":' .. json(keyword()) .. ',"page_id":' .. math.random(1, 3) ..
      ',"filter":' .. pick(filters) .. ',"sorting":' .. pick(sortings) .. '}'
    return wrk.format('POST', '/api/file/search', headers, body)
  elseif r < 0.70 then
    return wrk.format('POST', '/api/file/file_detail', headers, '{"file_id":' .. json(pick(ids)) .. '}')
  elseif r < 0.90 then
    local body = '{"keyword":"","page_id":' .. math.random(1, 20) .. ',"filter":' .. pick(filters) .. '}'
    return wrk.format('POST', '/api/file/search', headers, body)
  elseif r < 0.95 then
    return wrk.format('POST', '/api/user/menu', headers, '{}')
  else
    return wrk.format('GET', '/api/pub/site', headers, nil)
  end
end
`;
}

/** Runs the soak for `seconds` at `connections`; answers wrk's summary (requests, errors). */
export async function soak(
  t: { url: string; token: string },
  opts: { connections: number; seconds: number },
): Promise<{ seconds: number; connections: number; requests: number }> {
  const out = await runWrk(t.url, await soakScript(t), { ...opts, timeoutS: 10 });
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  return { ...opts, requests };
}
