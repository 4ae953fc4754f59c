import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { antdStaticStyles } from '../build/antd-static-styles';

describe("antd's static stylesheet", () => {
  // Built apps ship one stylesheet for every theme: it holds only if antd's rules read the theme
  // from CSS variables and never write a theme's value into a rule.
  it('is the same for the light theme and for a dark one with our colours and overrides', () => {
    const light = antdStaticStyles();
    const dark = antdStaticStyles({
      algorithm: theme.darkAlgorithm,
      token: { colorPrimary: '#f5222d', colorTextTertiary: 'rgba(255, 255, 255, 0.58)' },
      components: { Table: { colorTextDisabled: '#595959' }, Tag: { colorSuccess: '#237804' } },
    });
    expect(light.size).toBeGreaterThan(40);
    expect([...dark.keys()].sort()).toEqual([...light.keys()].sort());
    for (const [component, css] of light) expect(dark.get(component), component).toBe(css);
  });

  it('carries plain class names, without the hash of run-time styles', () => {
    const button = antdStaticStyles().get('Button-Button') ?? '';
    expect(button).toContain('.ant-btn{');
    expect(button).not.toMatch(/\.css-[a-z0-9]/);
  });
});
