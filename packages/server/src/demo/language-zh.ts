import { ASSET_CLASS_PHRASES_ZH } from './phrases-zh.js';
import { EQUITY_TOPICS_ZH } from './topics-zh-equities.js';
import { MACRO_TOPICS_ZH } from './topics-zh-macro.js';
import type { LanguagePack } from './vocabulary.js';

/** Everything a Chinese (simplified) report is written with. */
export const CHINESE: LanguagePack = {
  language: 'zh',
  topics: [...EQUITY_TOPICS_ZH, ...MACRO_TOPICS_ZH],
  assetClasses: ASSET_CLASS_PHRASES_ZH,
  stock: {
    reportTypes: [
      {
        name: '首次覆盖报告',
        pages: [14, 30],
      },
      {
        name: '公司深度报告',
        pages: [8, 24],
      },
      {
        name: '业绩点评',
        pages: [2, 6],
      },
      {
        name: '公司点评',
        pages: [2, 5],
      },
    ],
    calls: {
      initiate: ['首次覆盖，给予“{rating}”评级，目标价{tp}，对应当前股价涨跌幅{upside}。'],
      maintain: ['维持“{rating}”评级，目标价{tp}，对应潜在收益率{upside}。'],
      upgrade: ['上调至“{rating}”评级（此前为“{prevRating}”），目标价{tp}，对应潜在收益率{upside}。'],
      downgrade: ['下调至“{rating}”评级（此前为“{prevRating}”），目标价{tp}，对应潜在收益率{upside}。'],
    },
    titles: {
      initiate: [
        '{term}龙头，首次覆盖',
        '首次覆盖：受益{term}，成长空间广阔',
        '首次覆盖：{term}打开成长空间',
      ],
      maintain: [
        '{q}业绩点评',
        '{q}业绩稳健，{term}持续发力',
        '投资者交流会要点',
        '经营指引上调，关注{term}',
        '市场低估了{term}的潜力',
        '{term}打开第二增长曲线',
        '{q}经营数据跟踪',
        '{term}进展顺利，业绩符合预期',
      ],
      upgrade: ['{term}拐点已现，上调评级', '业绩超预期，上调至{rating}', '{term}改善，评级上调'],
      downgrade: ['估值已充分反映，下调评级', '{term}承压，下调至{rating}', '短期增长放缓，评级下调'],
    },
    thesis: [
      '{co}充分受益于{term}，我们预计收入增速将提升至{pct:revenueGrowth}。',
      '管理层利润率提升计划可信，未来三年有望提升{bp:marginGain}。',
      '公司资产负债表稳健，具备持续分红与回购能力。',
      '我们预计公司{next}年前EPS年均增长{pct2:epsGrowth}，高于市场一致预期。',
      '随着产品力提升，公司有望继续从{peer}手中夺取市场份额。',
    ],
    valuation: [
      '我们基于DCF估值得出目标价{tp}，WACC为{pct:wacc}，永续增长率2.5%。',
      '{co}当前股价对应{next}年{x:pe}市盈率，低于近五年均值及可比公司。',
      '按EV/EBITDA计算，{co}相对{peer}存在折价，我们认为并不合理。',
    ],
    risks: [
      '{term}需求不及预期；新产能投放进度低于预期；原材料价格大幅波动。',
      '汇率波动影响公司利润；行业政策变化；公司治理风险。',
    ],
    cautious: {
      thesis: [
        '{term}趋于成熟，{co}增速放缓，市场一致预期存在下修风险。',
        '竞争加剧叠加成本上升，{co}利润率承压。',
        '未来十二个月{co}缺乏明确催化剂。',
        '{peer}产品力快速追赶，有望继续夺取市场份额。',
      ],
      valuation: [
        '我们基于DCF估值得出目标价{tp}，WACC为{pct:wacc}，永续增长率2.5%。',
        '{co}当前股价对应{next}年{x:pe}市盈率，高于近五年均值，估值已较充分。',
        '按EV/EBITDA计算，{co}相对{peer}存在溢价，我们认为缺乏支撑。',
      ],
      risks: ['{term}需求超预期；降本增效快于预期；大额回购提振股价。', '行业政策超预期支持；公司治理改善。'],
    },
    ratings: ['买入', '增持', '中性', '减持', '卖出'],
  },
  general: [
    '我们根据最新数据与公司指引更新了盈利预测。',
    '自上一篇报告以来，我们对{term}的信心进一步增强。',
    '市场一致预期正在向我们的观点靠拢，但我们认为仍有上行空间。',
    '下一季度将是{term}的关键检验期，我们将在数据公布后重新评估。',
    '投资者应密切关注{term2}，其通常领先周期两个季度。',
    '我们的渠道调研显示，{region}相关需求在{q}保持平稳。',
    '上一篇报告以来数据喜忧参半，但{term}的趋势没有改变。',
    '市场对{term}的情绪偏谨慎，我们认为这是机会而非风险信号。',
    '未来的催化剂包括{cb}的政策决定、{q}数据发布以及{term2}的进展。',
    '历史经验显示，类似阶段之后通常会在一年内迎来修复。',
    '我们的基准情景假设政策不发生重大变化，相关风险详见下文。',
  ],
  labels: {
    keyPoints: '核心观点',
    thesis: '投资逻辑',
    valuation: '估值',
    risks: '风险提示',
    disclaimer: '免责声明',
    analysts: '分析师：',
    analystSeparator: '、',
    exhibit: (n) => `图表${n}：`,
    source: '资料来源：',
    page: (n, total) => `第${n}页 / 共${total}页`,
    notice: '请务必阅读正文之后的免责声明部分',
    stockLine: (ticker, rating, target) => `股票代码：${ticker}   评级：${rating}   目标价：${target}`,
    sectorLine: (sector) => `所属行业：${sector}`,
  },
  disclaimer: [
    {
      heading: '分析师声明',
      text: '本报告署名分析师具备证券投资咨询执业资格，保证报告所采用的数据均来自合规渠道，分析逻辑基于作者的职业理解，通过合理判断得出结论，力求客观、公正，结论不受任何第三方的授意或影响。',
    },
    {
      heading: '评级说明',
      text: '买入：预期未来12个月内股价涨幅超过15%；增持：预期涨幅介于5%与15%之间；中性：预期涨跌幅介于-5%与5%之间；减持：预期跌幅介于5%与15%之间；卖出：预期跌幅超过15%。',
    },
    {
      heading: '一般声明',
      text: '本报告仅供{issuer}的客户使用。本报告基于公开资料编制，但不保证信息的准确性与完整性。报告中的观点、结论和建议仅供参考，不构成对任何人的投资建议。投资者应独立决策并自行承担投资风险。',
    },
    {
      heading: '特别提示',
      text: '本报告版权归{issuer}所有，未经书面许可，任何机构和个人不得以任何形式翻版、复制、发表或引用。如征得同意进行引用、刊发的，需注明出处，且不得对本报告进行任何有悖原意的引用、删节和修改。',
    },
    {
      heading: '前瞻性陈述',
      text: '本报告包含的盈利预测、估值及其他前瞻性陈述受多种风险与不确定因素影响，实际结果可能与预测存在重大差异。{issuer}不承担更新本报告中任何前瞻性陈述的义务。市场有风险，投资需谨慎。',
    },
    {
      heading: '演示内容说明',
      text: '本文件由研究报告库演示生成器生成，其中的机构、分析师、公司、股票代码、数据与预测均为虚构，不得用于任何投资决策。',
    },
  ],
};
