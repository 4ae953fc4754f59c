import autocannon from 'autocannon';

/**
 * The mixed-read load of the 200-connection figure: searches (keywords in English and Chinese,
 * filters, date order), report details, the menu and site calls every page makes, and PDF byte
 * ranges as the viewer asks for them, all as the paid demo user (no quota gets in the way). The
 * requests are interleaved so every connection sends the whole mix.
 */

export interface ReadLoadResult {
  connections: number;
  seconds: number;
  requests: number;
  rps: number;
  /** Client-side latency (ms), autocannon's HDR histogram. */
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Requests without an answer within the client's timeout. */
  timeouts: number;
  errors: number;
  non2xx: number;
}

interface MixTarget {
  url: string;
  token: string;
}

const KEYWORDS = [
  'market',
  'inflation outlook',
  'bank',
  'energy',
  'growth',
  'rates',
  '新能源',
  '银行',
  'earnings',
];
const FILTERS = [
  {},
  { asset_class: 'Equities' },
  { country: 'China' },
  { asset_class: 'Rates', min_page: 2 },
];

/** The requests of the mix, built from what the library holds (file ids and their preview links). */
export async function readMix(t: MixTarget): Promise<autocannon.Request[]> {
  const headers = {
    'content-type': 'application/json',
    authorization: `Bearer ${t.token}`,
    'x-fingerprint': 'read-load',
  };
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const res = await fetch(`${t.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const list = await post<{ file_list: { id: string }[] }>('/api/file/search', {
    keyword: '',
    page_length: 30,
  });
  if (list.file_list.length < 10) throw new Error('the library is not ready: fewer than 10 files');
  const ids = list.file_list.map((f) => f.id);
  const previews: string[] = [];
  for (const id of ids.slice(0, 8)) {
    const d = await post<{ file_info: { encrypted_file_url: string } }>('/api/file/file_detail', {
      file_id: id,
    });
    previews.push(d.file_info.encrypted_file_url);
  }

  const searches: autocannon.Request[] = KEYWORDS.flatMap((keyword, i) => [
    { method: 'POST', path: '/api/file/search', body: JSON.stringify({ keyword, page_id: 1 }) },
    {
      method: 'POST',
      path: '/api/file/search',
      body: JSON.stringify({
        keyword,
        page_id: 1,
        filter: FILTERS[i % FILTERS.length],
        sorting: 'date_desc',
      }),
    },
  ]);
  const details: autocannon.Request[] = ids.slice(0, 18).map((file_id) => ({
    method: 'POST',
    path: '/api/file/file_detail',
    body: JSON.stringify({ file_id }),
  }));
  const chrome: autocannon.Request[] = [
    { method: 'POST', path: '/api/user/menu', body: '{}' },
    { method: 'GET', path: '/api/pub/site' },
    { method: 'POST', path: '/api/user/info', body: '{}' },
  ];
  const ranges: autocannon.Request[] = previews.flatMap((p) =>
    ['bytes=0-16383', 'bytes=-16384'].map((range) => ({
      method: 'GET' as const,
      path: new URL(p, t.url).pathname + new URL(p, t.url).search,
      headers: { ...headers, range },
    })),
  );
  // Interleaved: searches, details, the page chrome and ranges alternate on every connection.
  const groups = [searches, details, chrome, ranges];
  const out: autocannon.Request[] = [];
  const longest = Math.max(...groups.map((g) => g.length));
  for (let i = 0; i < longest; i++)
    for (const g of groups) {
      const r = g[i % g.length];
      if (r) out.push({ headers, ...r });
    }
  return out;
}

/** Runs the mix at `connections` for `seconds`; `timeoutS` is when the client gives up on an answer. */
export async function readLoad(
  t: MixTarget,
  opts: { connections: number; seconds: number; timeoutS: number },
): Promise<ReadLoadResult> {
  const requests = await readMix(t);
  const r = await autocannon({
    url: t.url,
    connections: opts.connections,
    duration: opts.seconds,
    timeout: opts.timeoutS,
    requests,
  });
  return {
    connections: opts.connections,
    seconds: opts.seconds,
    requests: r.requests.total,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    timeouts: r.timeouts,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}
