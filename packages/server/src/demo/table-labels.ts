/** Words of the tables, per language. `{…}` marks are filled by `table-data.ts`. */
export interface TableLabels {
  forecast: { title: string; year: string; rows: readonly string[] };
  peers: { title: string; header: readonly string[] };
  results: { title: string; header: readonly string[]; rows: readonly string[] };
  scenario: {
    title: string;
    header: readonly string[];
    rows: readonly string[];
    assumption: readonly string[];
  };
  sensitivity: { title: string; rowsLabel: string; columnsLabel: string };
  rates: { title: string; header: readonly string[]; rows: readonly string[] };
  fx: { title: string; header: readonly string[] };
  commodities: { title: string; header: readonly string[]; rows: readonly string[] };
  credit: { title: string; header: readonly string[]; rows: readonly string[] };
  allocation: { title: string; header: readonly string[]; rows: readonly string[]; views: readonly string[] };
  macro: { title: string; header: string; rows: readonly string[] };
}

export const TABLE_LABELS_EN: TableLabels = {
  forecast: {
    title: 'Financial forecasts',
    year: 'Year to December',
    rows: [
      'Revenue ({ccy} m)',
      'Revenue growth (%)',
      'Net profit ({ccy} m)',
      'EPS ({ccy})',
      'P/E (x)',
      'P/B (x)',
      'ROE (%)',
      'Dividend yield (%)',
    ],
  },
  peers: {
    title: 'Valuation comparison',
    header: ['Company', 'Ticker', 'Rating', 'P/E FY1 (x)', 'P/E FY2 (x)', 'Div. yield (%)'],
  },
  results: {
    title: '{q} results versus expectations',
    header: ['{ccy} m', 'Actual', 'Consensus', 'Our estimate', 'YoY (%)'],
    rows: ['Revenue', 'Gross profit', 'Operating profit', 'Net profit', 'EPS ({ccy})'],
  },
  scenario: {
    title: 'Scenario analysis',
    header: ['Scenario', 'Probability (%)', 'Key assumption', 'Outcome'],
    rows: ['Bull case', 'Base case', 'Bear case'],
    assumption: ['Stronger {term}', '{term} as expected', 'Weaker {term}'],
  },
  sensitivity: { title: 'Sensitivity analysis', rowsLabel: 'Growth', columnsLabel: 'Discount rate' },
  rates: {
    title: '{bond} yield forecasts (%)',
    header: ['Tenor', 'Current', '3M', '6M', '9M', '12M'],
    rows: ['2Y', '5Y', '10Y', '30Y', '2s10s (bp)'],
  },
  fx: { title: 'Currency forecasts', header: ['Pair', 'Spot', '3M', '6M', '12M'] },
  commodities: {
    title: 'Commodity price forecasts',
    header: ['Commodity', 'Spot', '3M', '6M', '12M', '{next} avg'],
    rows: ['Brent (USD/bbl)', 'Copper (USD/t)', 'Aluminium (USD/t)', 'Gold (USD/oz)', 'Iron ore (USD/t)'],
  },
  credit: {
    title: 'Credit spread forecasts (bp)',
    header: ['Segment', 'Spread', '1M change', 'YTD change', 'Year-end target'],
    rows: ['AA', 'A', 'BBB', 'BB', 'B', 'CCC'],
  },
  allocation: {
    title: 'Model portfolio',
    header: ['Asset', 'View', 'Weight (%)', 'Change (pp)'],
    rows: [
      'Global equities',
      'US equities',
      'Europe equities',
      'EM equities',
      'Government bonds',
      'Investment grade',
      'High yield',
      'Commodities',
      'Gold',
      'Cash',
    ],
    views: ['Overweight', 'Neutral', 'Underweight'],
  },
  macro: {
    title: 'Macro forecasts for {region}',
    header: 'Indicator',
    rows: [
      'Real GDP (% YoY)',
      'CPI (% YoY)',
      'Core CPI (% YoY)',
      'Unemployment rate (%)',
      'Policy rate (%, end)',
      '10Y yield (%, end)',
      'Current account (% GDP)',
    ],
  },
};

export const TABLE_LABELS_ZH: TableLabels = {
  forecast: {
    title: '盈利预测与估值',
    year: '会计年度',
    rows: [
      '营业收入（百万）',
      '收入增速（%）',
      '归母净利润（百万）',
      '每股收益',
      '市盈率（倍）',
      '市净率（倍）',
      '净资产收益率（%）',
      '股息率（%）',
    ],
  },
  peers: {
    title: '可比公司估值',
    header: ['公司', '代码', '评级', '市盈率FY1（倍）', '市盈率FY2（倍）', '股息率（%）'],
  },
  results: {
    title: '{q}业绩与预期对比',
    header: ['百万', '实际值', '一致预期', '我们的预测', '同比（%）'],
    rows: ['营业收入', '毛利', '营业利润', '归母净利润', '每股收益'],
  },
  scenario: {
    title: '情景分析',
    header: ['情景', '概率（%）', '核心假设', '结果'],
    rows: ['乐观情景', '中性情景', '悲观情景'],
    assumption: ['{term}超预期', '{term}符合预期', '{term}不及预期'],
  },
  sensitivity: { title: '敏感性分析', rowsLabel: '增速', columnsLabel: '折现率' },
  rates: {
    title: '{bond}收益率预测（%）',
    header: ['期限', '当前', '3个月', '6个月', '9个月', '12个月'],
    rows: ['2年', '5年', '10年', '30年', '10年-2年（bp）'],
  },
  fx: { title: '汇率预测', header: ['货币对', '即期', '3个月', '6个月', '12个月'] },
  commodities: {
    title: '大宗商品价格预测',
    header: ['品种', '现价', '3个月', '6个月', '12个月', '{next}年均价'],
    rows: [
      '布伦特原油（美元/桶）',
      '铜（美元/吨）',
      '铝（美元/吨）',
      '黄金（美元/盎司）',
      '铁矿石（美元/吨）',
    ],
  },
  credit: {
    title: '信用利差预测（bp）',
    header: ['等级', '当前利差', '近1月变动', '年初以来变动', '年末目标'],
    rows: ['AAA', 'AA+', 'AA', 'AA-', 'A+', 'A'],
  },
  allocation: {
    title: '模型组合配置建议',
    header: ['资产', '观点', '权重（%）', '变动（pp）'],
    rows: ['全球股票', '美股', '欧股', '新兴市场股票', 'A股', '利率债', '信用债', '大宗商品', '黄金', '现金'],
    views: ['超配', '标配', '低配'],
  },
  macro: {
    title: '{region}宏观经济预测',
    header: '指标',
    rows: [
      '实际GDP同比（%）',
      'CPI同比（%）',
      '核心CPI同比（%）',
      '调查失业率（%）',
      '政策利率（%，年末）',
      '10年期国债收益率（%，年末）',
      '经常账户（占GDP%）',
    ],
  },
};
