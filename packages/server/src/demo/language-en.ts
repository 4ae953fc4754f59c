import { ASSET_CLASS_PHRASES_EN } from './phrases-en.js';
import { EQUITY_TOPICS_EN } from './topics-en-equities.js';
import { MACRO_TOPICS_EN } from './topics-en-macro.js';
import { MARKET_TOPICS_EN } from './topics-en-markets.js';
import type { LanguagePack } from './vocabulary.js';

/** Everything an English report is written with. English text stays in WinAnsi so Helvetica can draw it. */
export const ENGLISH: LanguagePack = {
  language: 'en',
  topics: [...EQUITY_TOPICS_EN, ...MARKET_TOPICS_EN, ...MACRO_TOPICS_EN],
  assetClasses: ASSET_CLASS_PHRASES_EN,
  stock: {
    reportTypes: [
      {
        name: 'Initiation of Coverage',
        pages: [16, 30],
      },
      {
        name: 'Company Report',
        pages: [8, 22],
      },
      {
        name: 'Earnings Review',
        pages: [2, 8],
      },
      {
        name: 'Company Update',
        pages: [2, 6],
      },
    ],
    calls: {
      initiate: [
        'We initiate coverage of {co} at {rating} with a target price of {tp}, implying {upside} from the current share price.',
      ],
      maintain: [
        'We maintain our {rating} rating on {co} with a target price of {tp} ({upside} potential return).',
      ],
      upgrade: [
        'We upgrade {co} to {rating} from {prevRating}, with a target price of {tp} ({upside} potential return).',
      ],
      downgrade: [
        'We downgrade {co} to {rating} from {prevRating}, with a target price of {tp} ({upside} potential return).',
      ],
    },
    titles: {
      initiate: [
        'initiating at {rating}',
        'initiation, a play on {term}',
        'initiating coverage: {term} ahead',
      ],
      maintain: [
        '{q} results review',
        '{q} earnings and the {term} outlook',
        'takeaways from the investor day',
        'guidance update, focus on {term}',
        'all eyes on {term}',
        'the {term} opportunity is underestimated',
        '{rating} reiterated after {q}',
        'what {q} says about {term}',
      ],
      upgrade: [
        'upgrade to {rating} as {term} turns',
        'upgrade to {rating}, {term} better than feared',
        'upgrading on {term}',
      ],
      downgrade: [
        'downgrade to {rating} on {term}',
        'downgrade to {rating}, valuation full',
        'stepping back on {term}',
      ],
    },
    thesis: [
      '{co} is well placed to benefit from {term}, which we expect to lift revenue growth to {pct:revenueGrowth}.',
      'Management has a credible plan to expand margins by {bp:marginGain} over three years.',
      'The balance sheet of {co} is strong, leaving room for dividends and buybacks.',
      'We forecast EPS growth of {pct2:epsGrowth} a year through {next}, above consensus.',
      'Market share gains against {peer} should continue as product quality improves.',
    ],
    valuation: [
      'Our target price of {tp} is based on a DCF with a WACC of {pct:wacc} and terminal growth of 2.5%.',
      '{co} trades at {x:pe} our {next} EPS estimate, below its five-year average and its peers.',
      'On EV/EBITDA, {co} trades at a discount to {peer} that we think is unwarranted.',
    ],
    risks: [
      'Key risks to our {rating} rating include weaker demand for {term} and execution on new capacity.',
      'Higher input costs or an adverse currency move could hurt margins at {co}.',
      'Regulatory changes and governance issues are further risks.',
    ],
    cautious: {
      thesis: [
        'Growth at {co} is slowing as {term} matures, and we see downside to consensus estimates.',
        'Margins at {co} face pressure from competition and rising costs, in our view.',
        'We see few catalysts for {co} over the next twelve months.',
        '{peer} is likely to keep taking market share as its products catch up.',
      ],
      valuation: [
        'Our target price of {tp} is based on a DCF with a WACC of {pct:wacc} and terminal growth of 2.5%.',
        '{co} trades at {x:pe} our {next} EPS estimate, a premium to its five-year average that leaves little room for disappointment.',
        'On EV/EBITDA, {co} trades at a premium to {peer} that we find hard to justify.',
      ],
      risks: [
        'Upside risks to our {rating} rating include stronger demand for {term} and faster cost savings.',
        'A takeover approach or a large buyback could lift the shares of {co}.',
        'Regulatory support for {term} would be a further upside risk.',
      ],
    },
    ratings: ['Buy', 'Overweight', 'Neutral', 'Underweight', 'Sell'],
  },
  general: [
    'We update our forecasts to reflect the latest data and guidance.',
    'Our conviction has risen since our previous report on {term}.',
    'Market consensus has moved towards our view, but we still see upside.',
    'The next quarter will be a test for {term}, and we will revisit our view after the data.',
    'Investors should watch {term2} closely, as it tends to lead the cycle by two quarters.',
    'Our channel checks in {region} point to steady activity through {q}.',
    'The data flow since our last note has been mixed, but the trend in {term} is intact.',
    'Sentiment towards {term} is cautious, which we see as an opportunity rather than a warning.',
    'We see three catalysts ahead: policy decisions by {cb}, {q} data releases and updates on {term2}.',
    'History suggests that periods like this one are followed by a recovery within twelve months.',
    'Our base case assumes no major change in policy, and we flag the risks to it below.',
  ],
  labels: {
    keyPoints: 'Key points',
    thesis: 'Investment thesis',
    valuation: 'Valuation',
    risks: 'Risks',
    disclaimer: 'Disclaimer',
    analysts: 'Analysts: ',
    analystSeparator: ', ',
    exhibit: (n) => `Exhibit ${n}: `,
    source: 'Source: ',
    page: (n, total) => `Page ${n} of ${total}`,
    notice: 'Please see the important disclosures and disclaimer at the end of this report.',
    stockLine: (ticker, rating, target) => `Ticker: ${ticker}   Rating: ${rating}   Target price: ${target}`,
    sectorLine: (sector) => `Sector: ${sector}`,
  },
  disclaimer: [
    {
      heading: 'Analyst certification',
      text: 'The analysts named on the cover certify that the views expressed in this report accurately reflect their personal views about the subject securities and issuers, and that no part of their compensation was, is or will be directly or indirectly related to the specific recommendations or views in this report.',
    },
    {
      heading: 'Rating definitions',
      text: 'Buy or Overweight: expected total return above 15% over twelve months. Neutral: expected total return between -5% and 15%. Underweight or Sell: expected total return below -5%. Ratings for macro, rates, FX, credit and commodity views express relative preferences, not recommendations to trade.',
    },
    {
      heading: 'Important disclosures',
      text: '{issuer} may have a business relationship with the companies mentioned in this report and may hold positions in their securities. Investors should be aware that the firm may have a conflict of interest that could affect the objectivity of this report, and should consider this report as only a single factor in making their investment decisions.',
    },
    {
      heading: 'General disclaimer',
      text: 'This report is provided for information purposes only and does not constitute an offer or solicitation to buy or sell any security or financial instrument. The information herein is believed to be reliable, but no representation is made as to its accuracy or completeness. Past performance is not a guide to future returns. Opinions and estimates are subject to change without notice.',
    },
    {
      heading: 'Distribution',
      text: 'This report is intended for institutional investors and may not be distributed to retail clients. It may not be reproduced, redistributed or passed on, in whole or in part, to any other person without the prior written consent of {issuer}. Recipients in other jurisdictions should inform themselves about and observe any applicable legal requirements.',
    },
    {
      heading: 'Forward-looking statements',
      text: 'This report contains forecasts, estimates and other forward-looking statements that involve risks and uncertainties. Actual results may differ materially from those expressed or implied. {issuer} undertakes no obligation to update any forward-looking statement, whether as a result of new information, future events or otherwise.',
    },
    {
      heading: 'Demonstration content',
      text: 'This document was produced by the Research Library demo generator. The issuer, analysts, companies, tickers, figures and forecasts in it are fictional and must not be used for any investment decision.',
    },
  ],
};
