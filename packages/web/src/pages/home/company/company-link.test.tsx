import type { ReactNode } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { CompanyLink } from './company-link';

const routes = (element: ReactNode) => [
  { path: '/home/file', element },
  { path: '/home/company/:ticker', element: <div data-testid="company-route" /> },
  { path: '/elsewhere', element: <div data-testid="outer-route" /> },
];

describe('a link to a company’s page', () => {
  it('shows the name and ticker and leads to the company’s page', () => {
    renderRoutes(routes(<CompanyLink ticker="0700.HK" name="Tencent" />), '/home/file');
    const link = screen.getByTestId('company-link');
    expect(link.tagName).toBe('A');
    expect(link.textContent).toBe('Tencent 0700.HK');
    expect(link.getAttribute('href')).toBe('/home/company/0700.HK');
  });

  it('shows the ticker alone without a name', () => {
    renderRoutes(routes(<CompanyLink ticker="AAPL.US" name="  " />), '/home/file');
    expect(screen.getByTestId('company-link').textContent).toBe('AAPL.US');
  });

  it('inside another link, opens the company without following the outer link', async () => {
    const { router } = renderRoutes(
      routes(
        <Link to="/elsewhere" data-testid="outer">
          A note <CompanyLink ticker="600519.SH" name="贵州茅台" nested />
        </Link>,
      ),
      '/home/file',
    );
    const inner = screen.getByTestId('company-link');
    expect(inner.tagName).toBe('SPAN');
    expect(inner.getAttribute('role')).toBe('link');
    expect(inner.getAttribute('title')).toBe('Page of 贵州茅台 (600519.SH)');
    expect(screen.getByTestId('outer').querySelectorAll('a')).toHaveLength(0);
    fireEvent.click(inner);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/company/600519.SH'));
    expect(screen.getByTestId('company-route')).toBeTruthy();
  });

  it('inside another link, opens the company with Enter', async () => {
    const { router } = renderRoutes(
      routes(
        <Link to="/elsewhere">
          <CompanyLink ticker="0700.HK" nested />
        </Link>,
      ),
      '/home/file',
    );
    fireEvent.keyDown(screen.getByTestId('company-link'), { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/company/0700.HK'));
  });
});
