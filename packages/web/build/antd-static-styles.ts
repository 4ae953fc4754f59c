import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import * as antd from 'antd';
import { createElement, Fragment, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';

type Props = Record<string, unknown> | null;
const exported = antd as unknown as Record<string, Record<string, unknown> | undefined>;

/** An antd component by name (`Button`), or one of its parts (`Input`, `Search`). */
function part(name: string, member?: string): ComponentType<Record<string, unknown>> {
  const found = member ? exported[name]?.[member] : exported[name];
  if (!found) throw new Error(`antd exports no ${member ? `${name}.${member}` : name}`);
  return found as ComponentType<Record<string, unknown>>;
}

const el = (
  component: ComponentType<Record<string, unknown>>,
  props: Props = null,
  ...children: ReactNode[]
) => createElement(component, props, ...children);

/** Components whose bare element registers all of their styles. */
const PLAIN = [
  'App', 'Avatar', 'Badge', 'Breadcrumb', 'Button', 'Card', 'Checkbox', 'Col', 'Collapse',
  'ColorPicker', 'DatePicker', 'Descriptions', 'Divider', 'Drawer', 'Empty', 'Flex', 'FloatButton',
  'Input', 'InputNumber', 'Modal', 'Pagination', 'Popconfirm', 'Popover', 'Progress', 'Radio',
  'Result', 'Row', 'Segmented', 'Select', 'Skeleton', 'Slider', 'Space', 'Spin', 'Statistic',
  'Switch', 'Table', 'Tabs', 'Tooltip', 'Tree', 'Typography', 'Upload',
]; // prettier-ignore

/**
 * One element per antd component the bundle may render, with the props that make antd register
 * every part of its styles (some parts, such as Space.Compact's or a tag's preset colours, only
 * register when used). The build fails on a component missing here (vite-plugin-antd-static-css.ts
 * names it).
 */
function everyComponent(): ReactNode[] {
  const panel = '_InternalPanelDoNotUseOrYouWillBeFired';
  return [
    ...PLAIN.map((name) => el(part(name))),
    el(part('Alert'), { title: 'x' }),
    el(part('Layout'), null, el(part('Layout', 'Header')), el(part('Layout', 'Sider'))),
    ...['Search', 'TextArea', 'Password', 'OTP'].map((member) => el(part('Input', member))),
    el(part('Form'), null, el(part('Form', 'Item'), null, createElement('input'))),
    el(part('Menu'), { items: [] }),
    el(part('Dropdown'), { menu: { items: [] } }, createElement('div')),
    el(part('Modal', panel)),
    el(part('Modal', panel), { type: 'confirm' }),
    el(part('message', panel)),
    el(part('notification', panel)),
    el(part('Badge', 'Ribbon')),
    el(part('Tag'), { color: 'blue' }),
    el(part('Tag'), { color: 'success' }),
    el(part('Space', 'Compact'), null, el(part('Button')), el(part('Space', 'Addon'), null, 'x')),
    // A pagination's bordered style is drawn only with the wireframe token, which the app does not
    // set; the bundle holds its module all the same.
    el(part('ConfigProvider'), { theme: { token: { wireframe: true } } }, el(part('Pagination'))),
  ];
}

/** `style%%Button-Button%ant-btn%anticon` → `Button-Button` (antd's style path of a component). */
function componentOf(cacheKey: string): string {
  return (
    cacheKey
      .split('%')
      .slice(1)
      .find((segment) => segment !== '' && segment !== 'layer') ?? ''
  );
}

/**
 * antd's styles for the components the app uses, as plain CSS without hashed class names, keyed by
 * antd's style path (`Button-Button`, `Button-compact`, `Shared`, …). The rules read every colour,
 * size and font from antd's CSS variables, which antd still writes at run time from the theme
 * (light or dark, the chosen colour, our overrides), so one stylesheet serves every theme.
 */
export function antdStaticStyles(theme: Record<string, unknown> = {}): Map<string, string> {
  const cache = createCache();
  renderToString(
    el(
      StyleProvider as ComponentType<Record<string, unknown>>,
      { cache },
      el(
        part('ConfigProvider'),
        { theme: { ...theme, hashed: false } },
        el(Fragment, null, ...everyComponent()),
      ),
    ),
  );
  const byComponent = new Map<string, string>();
  for (const [key, entry] of cache.cache) {
    if (!key.startsWith('style%')) continue;
    // Each registration extracted alone, so that the keyframes it uses come with it.
    const single = createCache();
    single.cache.set(key, entry);
    const css = extractStyle(single, { plain: true, types: 'style' }).replace(
      /\.data-ant-cssinjs-cache-path\{[^}]*\}/,
      '',
    );
    const component = componentOf(key);
    byComponent.set(component, (byComponent.get(component) ?? '') + css);
  }
  return byComponent;
}
