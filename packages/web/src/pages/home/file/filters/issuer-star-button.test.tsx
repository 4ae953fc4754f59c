import type { Follow } from '@rl/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../../api/query-client';
import { click } from '../../../../components/auth-modal/auth-test-helpers';
import { useAuthModalStore } from '../../../../stores/auth-modal-store';
import { useUserStore } from '../../../../stores/user-store';
import { recordFetch, type RecordedCall } from '../../../../test/fetch-recorder';
import { buildUserInfo } from '../../../../test/fixtures';
import { renderWithApp } from '../../../../test/render';
import { IssuerStarButton } from './issuer-star-button';

const ACME: Follow = {
  follow_id: 'follow_00000000001',
  kind: 'issuer',
  key: 'acme research',
  label: 'Acme Research',
  search: null,
  paused: false,
  created_time: '2026-11-20T08:00:00Z',
};

/** A server that keeps my follows, and answers the issuer lists with the issuers I follow. */
function server(start: Follow[]) {
  let follows = [...start];
  return recordFetch({
    '/api/follow/list': () => ({ body: { follows, limit: 5, used: follows.length } }),
    '/api/follow/add': (call: RecordedCall) => {
      const issuer = (call.body?.target as { issuer: string }).issuer;
      const made = { ...ACME, follow_id: 'follow_00000000002', key: issuer.toLowerCase(), label: issuer };
      follows = [made, ...follows];
      return { body: { follow: made } };
    },
    '/api/follow/remove': (call: RecordedCall) => {
      follows = follows.filter((f) => f.follow_id !== call.body?.follow_id);
      return { body: { ok: true } };
    },
    '/api/file/issuer': () => ({
      body: { all: [], popular: [], star: follows.map((f) => ({ name: f.label, file_count: 1 })) },
    }),
  });
}

describe('the issuer lists’ star', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    useUserStore.setState({ token: null, user: null });
    useAuthModalStore.setState({ visible: false, reason: null });
  });

  it('follows the issuer, without choosing the option it sits in', async () => {
    const calls = server([]);
    useUserStore.setState({ token: 't', user: buildUserInfo() });
    const chose = vi.fn();
    renderWithApp(
      <div onClick={chose} onMouseDown={chose}>
        <IssuerStarButton name="Zeta Partners" />
      </div>,
    );
    const star = await screen.findByRole('button', { name: 'Follow Zeta Partners' });
    await waitFor(() => expect(star.hasAttribute('disabled')).toBe(false));
    expect(star.getAttribute('aria-pressed')).toBe('false');
    expect(star.getAttribute('data-testid')).toBe('issuer-star-Zeta Partners');
    fireEvent.mouseDown(star);
    await click(star);
    expect(chose).not.toHaveBeenCalled();
    await screen.findByRole('button', { name: 'Following Zeta Partners' });
    expect(calls.to('/api/follow/add')[0]?.body).toEqual({
      target: { kind: 'issuer', issuer: 'Zeta Partners' },
      label: 'Zeta Partners',
    });
  });

  it('shows an issuer I follow as on, and a click stops following it', async () => {
    const calls = server([ACME]);
    useUserStore.setState({ token: 't', user: buildUserInfo() });
    renderWithApp(<IssuerStarButton name="ACME Research" />);
    const star = await screen.findByRole('button', { name: 'Following ACME Research' });
    expect(star.getAttribute('aria-pressed')).toBe('true');
    await click(star);
    await screen.findByRole('button', { name: 'Follow ACME Research' });
    expect(calls.to('/api/follow/remove')[0]?.body).toEqual({ follow_id: ACME.follow_id });
  });

  it('asks a visitor to log in and calls nothing', async () => {
    const calls = server([]);
    renderWithApp(<IssuerStarButton name="Zeta Partners" />);
    await click(screen.getByRole('button', { name: 'Follow Zeta Partners' }));
    expect(useAuthModalStore.getState()).toMatchObject({ visible: true, reason: 'follows.requiresLogin' });
    expect(calls.calls).toHaveLength(0);
  });
});
