import type { BrokerView } from '@rl/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { BrokerViews } from './broker-views';

const LONG_TITLE =
  'Tencent Holdings (700 HK): Q3 beat on games and ads; raising FY26 estimates and the target to HK$690';

const view: BrokerView = {
  file_id: 'file_00000000001',
  title: LONG_TITLE,
  issuer: 'Acme Securities',
  publish_date: '2026-11-20',
  language: 'en',
  rating: 'Buy',
  rating_normalised: 'buy',
  rating_action: 'maintain',
  previous_rating: null,
  target_price: 690,
  currency: 'HKD',
  previous_target_price: 650,
};

describe('the brokers’ latest views', () => {
  it('shows a report title cut to one line whole in a tooltip', async () => {
    renderWithApp(<BrokerViews views={[view]} fileSearch={(id) => `?file=${id}`} />);
    const link = within(screen.getByTestId('broker-view')).getByRole('link', { name: LONG_TITLE });
    fireEvent.mouseEnter(link);
    expect((await screen.findByRole('tooltip')).textContent).toBe(LONG_TITLE);
  });
});
