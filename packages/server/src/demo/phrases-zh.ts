import type { AssetClass } from '@rl/contract';
import type { AssetClassPhrases } from './vocabulary.js';

/** Chinese sentences and report types shared by every topic of an asset class. */
export const ASSET_CLASS_PHRASES_ZH: Record<AssetClass, AssetClassPhrases> = {
  Equities: {
    reportTypes: [
      { name: '行业深度报告', pages: [8, 26] },
      { name: '行业点评', pages: [2, 6] },
      { name: '策略报告', pages: [4, 18] },
      { name: '主题策略', pages: [10, 30] },
    ],
    sections: ['盈利预测', '重点公司', '资金与持仓', '情景分析'],
    sentences: [
      '行业盈利预测开始上调，{term}是主要驱动因素。',
      '{idx}相对全球市场表现落后，若{term}改善，存在补涨空间。',
      '相比{peer}，我们更看好{co}，其资产负债表更稳健，且受益于{term}。',
      '市场一致预期{next}年盈利增长{pct:earningsGrowth}，我们认为可以实现。',
      '北向资金对板块仍处低配，资金回流将放大行情。',
    ],
    thesis: [
      '我们认为{term}是未来两年行业盈利的核心驱动力。',
      '首推{co}，公司兼具{term}敞口与稳健的资本配置能力。',
      '随着成本压力缓解，{term2}有望支撑行业利润率修复。',
    ],
    valuation: [
      '行业当前动态市盈率为{x:pe}，较近十年均值折价{pct:peDiscount}。',
      '我们预计行业盈利年均增长{pct2:epsGrowth}，当前估值并不昂贵。',
      '我们采用市盈率与市净率相结合的方法估值，并以DCF交叉验证。',
    ],
    risks: [
      '{term}需求不及预期；{region}经济增速放缓；行业监管趋严。',
      '原材料价格大幅上涨，挤压行业利润率。',
      '行业竞争加剧，价格战超预期。',
    ],
    charts: ['行业动态市盈率（倍）', '盈利预测上调比例（%）', '{idx}行业相对收益'],
    source: '公司公告，{issuer}研究所',
  },
  FX: {
    reportTypes: [
      { name: '外汇策略', pages: [4, 16] },
      { name: '汇率策略展望', pages: [6, 20] },
      { name: '外汇策略点评', pages: [2, 5] },
    ],
    sections: ['宏观驱动', '估值模型', '风险情景'],
    sentences: [
      '{ccy}走势与利差高度相关，{cb}的政策取向将决定{term}的方向。',
      '我们的均衡汇率模型显示，{ccy}偏离合理水平约{pct:fxMisalignment}。',
      '{term}相关投机持仓较轻，仍有进一步波动空间。',
      '美元走弱通常在一到两个月后带动{term}走强。',
    ],
    thesis: [
      '我们对{term}的判断基于利差收窄与贸易条件改善。',
      '在{cb}转向之前，{ccy}大概率维持区间震荡。',
      '{region}国际收支改善，对汇率形成支撑。',
    ],
    valuation: [
      '根据行为均衡汇率模型，{ccy}被低估约{pct:fxMisalignment}。',
      '购买力平价显示偏离更大，但短期内对汇率影响有限。',
      '实际有效汇率较长期均值低{pct2:fxMisalignment}。',
    ],
    risks: [
      '{cb}政策超预期收紧；地缘政治冲突加剧；外汇管理政策调整。',
      '全球避险情绪升温导致美元阶段性走强。',
    ],
    charts: ['{ccy}有效汇率指数', '利差与汇率（bp）', '汇率偏离度（%）'],
    source: '市场数据，{issuer}研究所',
  },
  Rates: {
    reportTypes: [
      { name: '固定收益研究', pages: [4, 18] },
      { name: '利率债策略', pages: [4, 14] },
      { name: '债市周报', pages: [2, 6] },
    ],
    sections: ['供需分析', '曲线与利差策略', '情景分析'],
    sentences: [
      '{bond}收益率较上期变动{bp:yieldMove}，主要受{term}影响。',
      '我们预计{cb}未来一年将下调政策利率{bp:cuts}。',
      '{next}年利率债净供给将有所增加，推升期限溢价。',
      '银行配置需求稳定，对{term}形成支撑。',
    ],
    thesis: [
      '我们维持利率债多头观点，{term}将推动收益率下行。',
      '利率走势取决于{cb}政策与{term2}的演变。',
      '当前短端的风险收益比优于长端。',
    ],
    valuation: [
      '我们的模型显示10年期{bond}合理收益率约为{pct:yield10}，低于远期定价。',
      '当前收益率曲线相对期限溢价偏平。',
      '实际利率处于历史较高水平。',
    ],
    risks: [
      '通胀超预期反弹；财政发力超预期导致供给冲击；资金面波动加大。',
      '稳增长政策加码带来风险偏好快速回升。',
    ],
    charts: ['{bond}10年期收益率（%）', '政策利率与1年期收益率（%）', '利率债净供给（亿元）'],
    source: '市场数据，{issuer}固定收益研究',
  },
  Commodities: {
    reportTypes: [
      { name: '大宗商品策略', pages: [6, 20] },
      { name: '商品策略', pages: [4, 14] },
      { name: '商品策略周报', pages: [2, 5] },
    ],
    sections: ['需求驱动', '供给展望', '供需平衡与价格预测'],
    sentences: [
      '{region}{term}需求同比增长{pct:commodityDemandGrowth}。',
      '长期投资不足导致供给受限，{term}市场维持紧平衡。',
      '{term}投机多头持仓上升，但仍低于前期高点。',
      '美元走弱与利率下行通常利好大宗商品价格。',
    ],
    thesis: [
      '供给增长落后于需求，我们预计{term}将跑赢其他商品。',
      '库存处于低位，价格对供给扰动更加敏感。',
      '{region}政策支持有望在下半年拉动{term2}需求。',
    ],
    valuation: [
      '当前价格高于边际成本{pct:aboveMarginalCost}，下行空间有限。',
      '期货曲线呈现贴水结构，多头可获得展期收益。',
      '我们对{next}年的价格预测较远期曲线高{pct2:aboveForwardCurve}。',
    ],
    risks: ['{region}经济超预期下滑；新增供给投放快于预期；美元大幅走强。', '海外需求不及预期。'],
    charts: ['{term}供需平衡', '投机净多头持仓（千手）', '期货远期曲线'],
    source: '行业协会，市场数据，{issuer}研究所',
  },
  Credit: {
    reportTypes: [
      { name: '信用债研究', pages: [4, 16] },
      { name: '信用债策略', pages: [4, 14] },
      { name: '信用债专题', pages: [6, 20] },
    ],
    sections: ['基本面', '供需与资金流', '相对价值'],
    sentences: [
      '发行人基本面总体稳健，杠杆率稳定，利息保障倍数良好。',
      '{term}信用利差年内收窄{bp:spreadTightening}。',
      '理财资金持续流入{term}，票息策略依然有效。',
      '中低等级品种利差较高等级高出{bp:ratingSpreadPickup}，性价比较高。',
    ],
    thesis: [
      '我们预计{term}利差维持区间震荡，票息是主要收益来源。',
      '配置需求旺盛，可对冲{next}年供给增加的影响。',
      '违约风险仅温和上升，回收率保持在合理水平。',
    ],
    valuation: [
      '当前信用利差处于历史较低分位，估值偏贵。',
      '按杠杆调整后的利差计算，{term}仍具配置价值。',
      '盈亏平衡利差显示，收益转负前仍有{bp:breakevenCushion}的安全垫。',
    ],
    risks: ['经济下行导致违约率上升；供给放量冲击需求；个体信用事件超预期。', '政策执行力度不及预期。'],
    charts: ['信用利差（bp）', '信用债净融资（亿元）', '发行人净杠杆率（倍）'],
    source: '市场数据，{issuer}固定收益研究',
  },
  'Cross Assets': {
    reportTypes: [
      { name: '大类资产配置策略', pages: [6, 24] },
      { name: '资产配置策略', pages: [4, 16] },
      { name: '跨资产策略周报', pages: [2, 6] },
    ],
    sections: ['宏观环境', '权益与信用', '利率、汇率与商品'],
    sentences: [
      '我们的宏观状态模型显示经济处于周期中段，有利于{term}。',
      '我们维持均衡配置，超配{idx}相关权益资产，久期中性。',
      '跨资产动量显示商品转强、美元转弱。',
      '权益风险溢价降至{pct:equityRiskPremium}，为{prev}年以来最低。',
    ],
    thesis: [
      '在不确定性上升的环境下，分散配置{term}与{term2}仍是最佳防御。',
      '我们适度增配风险资产，同时以黄金和短债进行对冲。',
      '通胀回落为{cb}宽松创造条件，股债均将受益。',
    ],
    valuation: [
      '相对债券而言，股票估值偏高，盈利收益率差仅为{pct:earningsYieldGap}。',
      '信用估值充分，商品估值相对便宜。',
      '现金收益率接近{pct:policy}的政策利率，仍具一定吸引力。',
    ],
    risks: ['股债双杀冲击均衡组合；{cb}政策失误；{term}相关拥挤交易快速平仓。', '海外市场大幅波动。'],
    charts: ['宏观状态指标（标准分）', '股债风险溢价（%）', '跨资产动量评分'],
    source: '市场数据，{issuer}研究所',
  },
  Economics: {
    reportTypes: [
      { name: '宏观研究', pages: [4, 16] },
      { name: '宏观经济展望', pages: [8, 30] },
      { name: '宏观点评', pages: [2, 4] },
    ],
    sections: ['近期数据', '政策展望', '预测调整'],
    sentences: [
      '{region}最新{term}数据好于市场预期。',
      '在{term}取得更多进展之前，{cb}大概率维持政策不变。',
      '明年财政政策将提供约占GDP半个百分点的支持。',
      '我们上调{next}年预测，以反映年初以来的强劲表现。',
    ],
    thesis: [
      '我们对{region}的基准情景是经济温和放缓，而非衰退。',
      '我们认为未来几个季度{term}将主导政策决策。',
      '增长风险总体平衡，通胀风险偏向上行。',
    ],
    valuation: [
      '我们的增长预测高于市场一致预期{pp:growthVsConsensus}，通胀预测与一致预期相当。',
      '相对于我们的宏观判断，市场对{cb}的定价过于激进。',
      '我们估计中性政策利率约为{pct:neutral}。',
    ],
    risks: ['金融条件超预期收紧；能源价格冲击推升通胀；贸易政策不确定性上升。', '地产链条风险进一步暴露。'],
    charts: ['实际GDP同比（%）', '政策利率（%）', '财政赤字率（%）'],
    source: '官方统计，{issuer}研究所',
  },
};
