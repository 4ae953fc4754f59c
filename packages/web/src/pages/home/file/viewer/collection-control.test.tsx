import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSubscriptionModalStore } from '../../../../stores/subscription-modal-store';
import { useUserStore } from '../../../../stores/user-store';
import { buildFileInfo, buildUserInfo } from '../../../../test/fixtures';
import { renderWithApp } from '../../../../test/render';
import { CollectionControl } from './collection-control';

describe('Add to collection on a plan without collections', () => {
  afterEach(() => {
    useSubscriptionModalStore.setState({ visible: false, wall: null });
    useUserStore.setState({ token: null, user: null });
  });

  it('opens the plans with the reason, as Download does', () => {
    useUserStore.setState({ token: 'tok', user: buildUserInfo() });
    renderWithApp(<CollectionControl info={buildFileInfo({ permission: ['view', 'download'] })} />);
    fireEvent.click(screen.getByTestId('collection-control'));
    const { visible, wall } = useSubscriptionModalStore.getState();
    expect(visible).toBe(true);
    expect(wall).toMatchObject({
      reason: 'plan_feature',
      message: 'Collections are part of the institutional plan',
    });
  });
});
