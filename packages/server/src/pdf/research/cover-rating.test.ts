import { describe, expect, it } from 'vitest';
import { findCoverRating } from './cover-rating.js';

const read = (page: string) => findCoverRating(page.split('\n'));

describe('a cover rating', () => {
  it('reads a labelled rating box, on one line or two', () => {
    expect(read('12-month rating Buy\n12m price target Won3,000,000')).toMatchObject({
      rating: 'Buy',
      step: 'buy',
    });
    expect(read('Rating\nRemains Buy\nTarget price')).toMatchObject({ rating: 'Buy', action: 'maintain' });
    expect(read('ARGUS RATING: HOLD\n• Downgrading to HOLD')).toMatchObject({
      rating: 'HOLD',
      step: 'hold',
      action: 'downgrade',
    });
    expect(read('投资评级：买入（首次）')).toMatchObject({ rating: '买入', step: 'buy', action: 'initiate' });
  });

  it('does not take a sector, ESG or star rating, nor a legend of the scale, for the stock rating', () => {
    expect(read('Sector Rating OVER WEIGHT\nESG Risk Rating Assessment')).toMatchObject({ rating: null });
    expect(read('Twelve Month Rating SELL HOLD BUY')).toMatchObject({ rating: null });
  });

  it('reads the previous rating of a change and calls it an upgrade or a downgrade', () => {
    expect(read('Rating Change: BUY | PO: 5,600 TWD\nInv. Rating NEUTRAL BUY')).toMatchObject({
      rating: 'BUY',
      previousRating: 'NEUTRAL',
      action: 'upgrade',
    });
    expect(read('We upgrade Largan to Buy from Neutral on strong revenue')).toMatchObject({
      rating: 'Buy',
      action: 'upgrade',
      previousRating: 'Neutral',
    });
    expect(read('Rating: Underweight\nPrevious rating: Neutral')).toMatchObject({
      step: 'underperform',
      action: 'downgrade',
    });
  });

  it('reads a rating alone on its line, with a price or an action before it', () => {
    expect(read('Overweight\n0700.HK, 700 HK\nMaintain OW with a new PT of HK$690.')).toMatchObject({
      rating: 'Overweight',
      action: 'maintain',
    });
    expect(read('HK$550.50 - HIGH CONVICTION OUTPERFORM')).toMatchObject({
      rating: 'HIGH CONVICTION OUTPERFORM',
      step: 'outperform',
    });
    expect(read('MAINTAIN BUY\nTARGET PRICE (TWD)')).toMatchObject({ rating: 'BUY', action: 'maintain' });
    expect(read('Buy (1)\nPrice target')).toMatchObject({ rating: 'Buy', step: 'buy' });
  });

  it('reads the action from the headline: initiation, reiteration', () => {
    expect(read('Rating\nBuy\nInitiation of Coverage\nInitiate at BUY')).toMatchObject({
      rating: 'Buy',
      action: 'initiate',
    });
    expect(read('Significant de-rating unwarranted - reiterate Buy')).toMatchObject({
      rating: 'Buy',
      action: 'maintain',
    });
    expect(read('Tencent still well placed; Maintain BUY.')).toMatchObject({
      rating: 'BUY',
      action: 'maintain',
    });
  });

  it('reads Chinese boxes and phrases', () => {
    expect(read('高测股份(688556.SH)\n增持（维持）\n所属行业：机械设备')).toMatchObject({
      rating: '增持',
      step: 'outperform',
      action: 'maintain',
    });
    expect(read('盈利预测与投资建议：维持“买入”评级。')).toMatchObject({
      rating: '买入',
      action: 'maintain',
    });
    expect(read('首次覆盖，给予“推荐”评级')).toMatchObject({ rating: '推荐', action: 'initiate' });
    expect(read('上调至“买入”评级')).toMatchObject({ action: 'upgrade' });
  });

  it('finds nothing in prose that only uses the words', () => {
    expect(read('Investor sentiment remains neutral while buyers hold back.')).toMatchObject({
      rating: null,
      action: null,
    });
    expect(read('We cut our OP estimates and keep an eye on sell-side consensus.')).toMatchObject({
      rating: null,
    });
  });

  it('reads a rating behind a change arrow, the previous one after "Previous:", and no short form over the word', () => {
    expect(
      read('▲ Overweight\nPrevious: Neutral\nWe are upgrading Zentra to OW with a PT of HK$30'),
    ).toMatchObject({
      rating: 'Overweight',
      previousRating: 'Neutral',
      action: 'upgrade',
    });
  });

  it('reads "from X to Y" as the previous rating and today\'s', () => {
    expect(read('Rating: Neutral\nWe move the stock from Buy to Neutral on valuation')).toMatchObject({
      rating: 'Neutral',
      previousRating: 'Buy',
      action: 'downgrade',
    });
    expect(read('评级：买入\n将评级从“增持”上调至“买入”')).toMatchObject({
      previousRating: '增持',
      action: 'upgrade',
    });
  });

  it('reads the action a Chinese cover prints beside its rating or in its label', () => {
    expect(read('推荐 维持评级\n当前价格： 29.35 元')).toMatchObject({ rating: '推荐', action: 'maintain' });
    expect(read('华泰研究 首次覆盖 投资评级(首评): 买入')).toMatchObject({
      rating: '买入',
      action: 'initiate',
    });
  });

  it('says where each was read: the box line, a phrase in prose as unsure, an action told by the previous rating', () => {
    expect(read('Overview\n投资评级：买入（首次）').sources).toEqual({
      rating: { page: 1, text: '投资评级：买入（首次）' },
      action: { page: 1, text: '投资评级：买入（首次）' },
    });
    expect(
      read('Results were fine.\nWe upgrade Largan to Buy from Neutral on strong revenue').sources,
    ).toEqual({
      rating: { page: 1, text: 'We upgrade Largan to Buy from Neutral on strong revenue', unsure: true },
      action: { page: 1, text: 'We upgrade Largan to Buy from Neutral on strong revenue', unsure: true },
      previousRating: {
        page: 1,
        text: 'We upgrade Largan to Buy from Neutral on strong revenue',
        unsure: true,
      },
    });
    expect(read('Rating: Underweight\nPrevious rating: Neutral').sources).toEqual({
      rating: { page: 1, text: 'Rating: Underweight' },
      action: { page: 1, text: 'Previous rating: Neutral', unsure: true },
      previousRating: { page: 1, text: 'Previous rating: Neutral' },
    });
    expect(read('No view here').sources).toEqual({});
  });
});
