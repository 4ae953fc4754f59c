import type { AssetClass } from '@rl/contract';
import type { AssetClassPhrases } from './vocabulary.js';

/** English sentences and report types shared by every topic of an asset class. */
export const ASSET_CLASS_PHRASES_EN: Record<AssetClass, AssetClassPhrases> = {
  Equities: {
    reportTypes: [
      { name: 'Sector Report', pages: [6, 20] },
      { name: 'Industry Outlook', pages: [8, 26] },
      { name: 'Equity Strategy', pages: [4, 18] },
      { name: 'Thematic Strategy', pages: [10, 30] },
      { name: 'Sector Flash', pages: [2, 4] },
    ],
    sections: ['Earnings outlook', 'Stock preferences', 'Positioning and flows', 'Scenario analysis'],
    sentences: [
      'Earnings revisions for the sector have turned positive, led by {term}.',
      'The {idx} has lagged global peers, leaving room for a catch-up if {term} improves.',
      'We prefer {co} over {peer}, given its stronger balance sheet and exposure to {term}.',
      'Consensus expects earnings growth of {pct:earningsGrowth} in {next}, which looks achievable on our numbers.',
      'Foreign investors remain underweight the sector, so flows could amplify any recovery.',
    ],
    thesis: [
      'We see {term} as the main driver of earnings over the next two years.',
      'Our top pick is {co}, which combines exposure to {term} with disciplined capital allocation.',
      'Sector margins should recover as cost pressures ease and pricing benefits from {term2}.',
    ],
    valuation: [
      'The sector trades at {x:pe} forward earnings, a {pct:peDiscount} discount to its ten-year average.',
      'On our estimates, earnings can grow {pct2:epsGrowth} a year, so current multiples look undemanding.',
      'We value the sector on a blend of price to earnings and price to book, cross-checked with DCF.',
    ],
    risks: [
      'Downside risks include weaker demand for {term}, a slower economy in {region} and tighter regulation.',
      'A stronger {ccy} would reduce reported earnings for exporters.',
      'Competition could intensify and compress margins faster than we assume.',
    ],
    charts: [
      'Sector forward P/E (x)',
      'Earnings revisions ratio',
      '{idx} sector relative performance (index)',
    ],
    source: 'Company data, {issuer} estimates',
  },
  FX: {
    reportTypes: [
      { name: 'FX Strategy', pages: [4, 16] },
      { name: 'FX Strategy Outlook', pages: [6, 20] },
      { name: 'Currency Strategy Flash', pages: [2, 6] },
    ],
    sections: ['Macro drivers', 'Valuation models', 'Risk scenarios'],
    sentences: [
      'The {ccy} tracks rate differentials closely, and {cb} will set the tone for {term}.',
      'Our fair value models show the {ccy} about {pct:fxMisalignment} away from equilibrium.',
      'Speculative positioning in {term} is light, which leaves room for further moves.',
      'A weaker dollar typically supports {term} with a lag of one to two months.',
    ],
    thesis: [
      'Our view on {term} rests on narrowing rate differentials and improving terms of trade.',
      'We expect the {ccy} to trade in a range until {cb} changes course.',
      'The balance of payments backdrop for {region} is improving, which supports the currency.',
    ],
    valuation: [
      'On our behavioural equilibrium model, the {ccy} is undervalued by {pct:fxMisalignment}.',
      'Purchasing power parity suggests a larger misalignment, but it rarely drives short-term moves.',
      'Real effective exchange rates sit {pct2:fxMisalignment} below their long-run average.',
    ],
    risks: [
      'A hawkish surprise from {cb} would upset our {term} view.',
      'Geopolitical shocks typically lift the dollar and hurt higher-beta currencies.',
      'Intervention by the authorities can move currencies sharply against the trend.',
    ],
    charts: [
      '{ccy} trade-weighted index (level)',
      'Rate differential versus {ccy} (bp)',
      'Fair value gap (%)',
    ],
    source: 'Market data, {issuer} Research',
  },
  Rates: {
    reportTypes: [
      { name: 'Rates Strategy', pages: [4, 16] },
      { name: 'Fixed Income Outlook', pages: [8, 24] },
      { name: 'Rates Strategy Flash', pages: [2, 4] },
    ],
    sections: ['Supply and demand', 'Curve and spread trades', 'Scenario analysis'],
    sentences: [
      '{bond} yields have moved {bp:yieldMove} since our last update, driven by {term}.',
      'We expect {cb} to cut its policy rate by {bp:cuts} over the next twelve months.',
      'Net bond supply will rise in {next}, adding to the term premium.',
      'Swap spreads have tightened, reflecting heavier issuance and bank demand for {term}.',
    ],
    thesis: [
      'We are long duration in {bond} because {term} should pull yields lower.',
      'Our rates view hinges on {cb} and on the path of {term2}.',
      'The risk-reward now favours receiving the front end over paying the long end.',
    ],
    valuation: [
      'Our fair value model puts the ten-year {bond} yield at {pct:yield10}, below the forward.',
      'The curve is flat relative to our estimate of the term premium.',
      'Real yields look attractive against history.',
    ],
    risks: [
      'A rebound in inflation would force {cb} to keep rates higher for longer.',
      'Fiscal slippage could push the term premium and long-end yields higher.',
      'Low liquidity at year end can exaggerate moves in either direction.',
    ],
    charts: ['{bond} 10Y yield (%)', 'Policy rate and 2Y yield (%)', 'Net bond supply ({ccy} bn)'],
    source: 'Market data, {issuer} Research',
  },
  Commodities: {
    reportTypes: [
      { name: 'Commodity Strategy Outlook', pages: [6, 22] },
      { name: 'Commodity Strategy', pages: [4, 14] },
      { name: 'Commodity Strategy Flash', pages: [2, 4] },
    ],
    sections: ['Demand drivers', 'Supply outlook', 'Balances and price forecasts'],
    sentences: [
      'Demand for {term} in {region} grew {pct:commodityDemandGrowth} year on year.',
      'Supply remains constrained by underinvestment, which keeps the market for {term} tight.',
      'Speculative positioning in {term} has risen but remains below its previous peak.',
      'A weaker dollar and lower interest rates tend to support commodity prices.',
    ],
    thesis: [
      'We expect {term} to outperform as supply lags demand.',
      'Inventories are low, which makes prices sensitive to any supply disruption.',
      'Policy support in {region} should lift demand for {term2} in the second half.',
    ],
    valuation: [
      'Prices sit {pct:aboveMarginalCost} above the marginal cost of production, so downside is limited.',
      'The forward curve is in backwardation, which rewards long positions with roll yield.',
      'Our forecasts are {pct2:aboveForwardCurve} above the forward curve for {next}.',
    ],
    risks: [
      'A sharper slowdown in {region} would hit demand for {term}.',
      'New supply could arrive faster than expected if prices stay high.',
      'A stronger dollar would weigh on commodity prices.',
    ],
    charts: [
      '{term} balance (surplus/deficit)',
      'Speculative net length (contracts, k)',
      'Forward curve (USD)',
    ],
    source: 'Market data, industry sources, {issuer} Research',
  },
  Credit: {
    reportTypes: [
      { name: 'Credit Strategy', pages: [4, 16] },
      { name: 'Credit Research Outlook', pages: [8, 24] },
      { name: 'Credit Research Flash', pages: [2, 5] },
    ],
    sections: ['Fundamentals', 'Technicals and flows', 'Relative value'],
    sentences: [
      'Corporate fundamentals remain solid: leverage is stable and interest cover is healthy.',
      'Credit spreads in {term} have tightened by {bp:spreadTightening} this year.',
      'Fund inflows into {term} continue, supported by high all-in yields.',
      'We prefer BBB over single-A paper, as the spread pick-up of {bp:ratingSpreadPickup} looks generous.',
    ],
    thesis: [
      'We expect {term} spreads to stay range-bound as carry dominates returns.',
      'Strong demand for yield offsets heavier issuance in {next}.',
      'Default risk is rising only gradually, and recoveries remain reasonable.',
    ],
    valuation: [
      'Spreads are in the tightest decile of their history, so valuations are tight.',
      'On a spread per turn of leverage basis, {term} still offers value.',
      'Breakeven spreads suggest a cushion of {bp:breakevenCushion} before returns turn negative.',
    ],
    risks: [
      'A recession would push default rates higher and spreads wider.',
      'Heavy supply could overwhelm demand if rates rise again.',
      'Idiosyncratic events can hurt concentrated portfolios.',
    ],
    charts: ['Credit spread (bp)', 'Fund flows ({ccy} bn)', 'Net leverage (x)'],
    source: 'Market data, {issuer} Credit Research',
  },
  'Cross Assets': {
    reportTypes: [
      { name: 'Cross-Asset Strategy', pages: [6, 20] },
      { name: 'Asset Allocation', pages: [8, 28] },
      { name: 'Multi-Asset Strategy Weekly', pages: [2, 6] },
    ],
    sections: ['Macro regime', 'Equities and credit', 'Rates, FX and commodities'],
    sentences: [
      'Our regime model points to mid-cycle expansion, which favours {term}.',
      'We keep a balanced stance, with an overweight in {idx} equities and neutral duration.',
      'Cross-asset momentum has turned positive for commodities and negative for the dollar.',
      'The equity risk premium has fallen to {pct:equityRiskPremium}, its lowest since {prev}.',
    ],
    thesis: [
      'Diversification across {term} and {term2} remains the best defence against uncertainty.',
      'We tilt towards risk assets but hold hedges in gold and short-dated bonds.',
      'Falling inflation should allow {cb} to ease, which supports both stocks and bonds.',
    ],
    valuation: [
      'Equities look expensive against bonds, with an earnings yield gap of only {pct:earningsYieldGap}.',
      'Credit is fully valued, while commodities screen as cheap.',
      'Cash yields near the {pct:policy} policy rate remain a competitive alternative.',
    ],
    risks: [
      'A simultaneous sell-off in stocks and bonds would hurt balanced portfolios.',
      'A policy mistake by {cb} is the main macro risk to our allocation.',
      'Crowded positioning in {term} could unwind quickly.',
    ],
    charts: ['Regime indicator (z-score)', 'Equity risk premium (%)', 'Cross-asset momentum score'],
    source: 'Market data, {issuer} Multi-Asset Research',
  },
  Economics: {
    reportTypes: [
      { name: 'Economic Research', pages: [4, 16] },
      { name: 'Macro Outlook', pages: [8, 30] },
      { name: 'Economics Flash', pages: [2, 4] },
    ],
    sections: ['Recent data', 'Policy outlook', 'Forecast changes'],
    sentences: [
      'The latest data on {term} in {region} surprised to the upside.',
      '{cb} is likely to keep policy on hold until it sees more progress on {term}.',
      'Fiscal policy will add about half a percentage point of GDP in support next year.',
      'We revise our forecasts for {next} to reflect the stronger start to the year.',
    ],
    thesis: [
      'Our central scenario for {region} is a gradual slowdown rather than a recession.',
      'We think {term} will drive policy decisions over the coming quarters.',
      'Risks to our growth forecast are balanced, while risks to inflation lie to the upside.',
    ],
    valuation: [
      'Our growth forecast is {pp:growthVsConsensus} above consensus, and in line for inflation.',
      'Market pricing for {cb} looks too aggressive relative to our macro view.',
      'We put the neutral policy rate at about {pct:neutral}.',
    ],
    risks: [
      'A sharper tightening of financial conditions would slow growth more than we expect.',
      'Energy price shocks remain the main upside risk to inflation.',
      'Policy uncertainty, including trade measures, could weigh on investment.',
    ],
    charts: ['Real GDP growth (% YoY)', 'Policy rate (%)', 'Fiscal balance (% of GDP)'],
    source: 'National statistics, {issuer} Economics',
  },
};
