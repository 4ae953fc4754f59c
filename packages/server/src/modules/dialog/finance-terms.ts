/**
 * Finance terms in Chinese and English, one concept a line: `zh, zh = en, en`. Chat retrieval
 * uses them to carry a question into the report's language when no model provider does it, so a
 * Chinese question about an English filing (and the other way round) still finds its passages.
 * English forms are written as reports print them (plurals included: "fees" is no "fee" to the
 * search tokenizer); a Chinese form is matched as written, the longest first.
 */
const LINES = `
营业收入, 营业总收入, 营收, 收入, 销售收入 = revenue, revenues, sales
净销售额, 销售净额 = net sales
可比销售额, 同店销售 = comparable sales
销售额, 销量 = sales, volume
净利润, 归母净利润, 净收益 = net income, net profit, net earnings
利润 = profit, profits, earnings
毛利率 = gross margin
毛利, 毛利润 = gross profit, gross margin
营业利润, 经营利润 = operating income, operating profit
营业利润率, 经营利润率 = operating margin
利润率 = margin, margins
净利率 = net margin
每股收益, 每股盈利 = earnings per share, eps, diluted
摊薄 = diluted
息税折旧摊销前利润 = ebitda
成本 = costs, cost
营业成本, 销售成本 = cost of sales, cost of revenue, merchandise costs
费用, 开支 = expenses, expense, costs
研发费用, 研发投入, 研发 = research and development, r&d
销售费用, 管理费用 = selling general and administrative, sg&a
利息费用, 利息支出 = interest expense
利息收入 = interest income
利息 = interest
所得税, 税费 = income taxes, tax, taxes
税率 = tax rate
现金流, 现金流量 = cash flow, cash flows
经营活动现金流, 经营现金流 = operating cash flow, cash from operations
自由现金流 = free cash flow
现金 = cash
资本开支, 资本支出 = capital expenditures, capex
资产 = assets
总资产 = total assets
负债 = liabilities, debt
债务, 借款, 贷款 = debt, borrowings, loans
股东权益, 所有者权益, 净资产 = equity, shareholders' equity
资产负债表 = balance sheet
利润表, 损益表 = income statement, statements of income
存货, 库存 = inventories, inventory
应收账款 = receivables, accounts receivable
应付账款 = payables, accounts payable
商誉 = goodwill
减值 = impairment
折旧 = depreciation
摊销 = amortization
股息, 分红, 派息 = dividends, dividend
股票回购, 回购 = repurchase, repurchases, buyback, buybacks
股价 = share price, stock price
股份, 股票 = shares, stock
市值 = market capitalization, market value
估值 = valuation
市盈率 = price-to-earnings, p/e
评级 = rating, ratings
增持 = overweight, outperform, accumulate
买入 = buy
目标价 = target price, price target
盈利预测 = earnings forecast, profit forecast, estimates
预测, 预计, 预期 = forecast, forecasts, expect, expects, expected, outlook
指引, 业绩指引 = guidance, outlook
展望 = outlook
风险 = risk, risks
风险提示 = risks, risk factors
投资 = investment, investments, invest
投资建议 = investment recommendation, rating
业绩 = results, performance, earnings
季度 = quarter, quarterly
第一季度, 一季度 = first quarter, q1
第二季度, 二季度 = second quarter, q2
第三季度, 三季度 = third quarter, q3
第四季度, 四季度 = fourth quarter, q4
上半年 = first half
下半年 = second half
年度, 全年 = annual, full year, fiscal year
财年 = fiscal year, fiscal
同比 = year over year, year-over-year, yoy
环比 = sequential, quarter over quarter
增长, 增加, 上升, 提升 = growth, increase, increased, grew, rose
下降, 减少, 下滑 = decline, decrease, decreased, fell
会员费 = membership fees, membership fee
会员 = members, membership, member
仓库, 仓储店, 门店, 卖场 = warehouses, warehouse, stores
商店, 店铺 = stores, store
电子商务, 电商 = e-commerce, ecommerce, online
汽油 = gasoline, gas
汇率, 外汇 = foreign exchange, exchange rates, currency
通货膨胀, 通胀 = inflation
通货紧缩, 通缩 = deflation
利率 = interest rates, interest rate, rates
货币政策 = monetary policy
财政政策 = fiscal policy
央行, 中央银行 = central bank
美联储 = federal reserve, fed
国内生产总值 = gross domestic product, gdp
经济增长 = economic growth
就业, 劳动力市场 = employment, labor market, jobs
失业率 = unemployment rate, unemployment
工资 = wages, wage
消费 = consumption, consumer spending
消费者 = consumers, consumer
需求 = demand
供给, 供应 = supply
价格 = prices, price
油价 = oil prices, oil price
房地产, 房价 = housing, real estate
债券 = bonds, bond
收益率 = yields, yield
国债 = treasury, treasuries, government bonds
信用, 信贷 = credit
银行 = banks, bank
流动性 = liquidity
杠杆 = leverage
资本 = capital
市场 = market, markets
股市 = stock market, equities
金融稳定 = financial stability
客户 = customers, clients
产品 = products, product
服务 = services, service
业务 = business, segment
分部, 板块 = segment, segments
员工 = employees, workforce
管理层 = management
董事会 = board of directors, board
股东 = shareholders, stockholders
收购, 并购 = acquisition, acquisitions, merger
剥离, 出售 = divestiture, divestitures, disposal
重组 = restructuring
诉讼 = litigation, legal proceedings
监管 = regulation, regulatory
关税 = tariffs, tariff
供应链 = supply chain
产能 = capacity
产量 = production, output
订单 = orders, backlog
出货量, 交付 = shipments, deliveries
市场份额 = market share
竞争 = competition, competitors
战略 = strategy
云计算, 云服务 = cloud
人工智能 = artificial intelligence, ai
芯片, 半导体 = chips, semiconductors, semiconductor
数据中心 = data center
疫苗 = vaccines, vaccine
药品 = drugs, pharmaceutical
医疗 = health care, healthcare, medical
能源 = energy
光伏, 太阳能 = solar, photovoltaic
电动汽车, 新能源汽车 = electric vehicles, ev
汽车 = vehicles, automotive, cars
航空 = airlines, aviation
飞机 = aircraft, airplanes
国际 = international
美国 = united states, u.s
中国 = china
日本 = japan
加拿大 = canada
欧洲 = europe
亚洲 = asia
`;

export interface TermGroup {
  zh: string[];
  en: string[];
}

export const FINANCE_TERMS: readonly TermGroup[] = LINES.trim()
  .split('\n')
  .map((line) => {
    const [zh = '', en = ''] = line.split('=');
    const list = (side: string) =>
      side
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean);
    return { zh: list(zh), en: list(en) };
  });
