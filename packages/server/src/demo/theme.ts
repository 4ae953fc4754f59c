import { rgb, type RGB } from 'pdf-lib';
import { findIssuer } from './issuers.js';

export interface Theme {
  brand: RGB;
  /** Pale brand tint for boxes and table stripes. */
  tint: RGB;
  text: RGB;
  muted: RGB;
  grid: RGB;
  stripe: RGB;
  white: RGB;
  /** Series colours of charts: the brand first. */
  palette: RGB[];
}

const FALLBACK_BRAND = '#1f3a5f';

function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) / 255, ((value >> 8) & 0xff) / 255, (value & 0xff) / 255];
}

/** Mixes a colour towards white; 0 keeps it, 1 is white. */
function lighten([r, g, b]: [number, number, number], amount: number): RGB {
  return rgb(r + (1 - r) * amount, g + (1 - g) * amount, b + (1 - b) * amount);
}

/** Colours of a report follow its issuer's brand colour. */
export function themeFor(issuerName: string): Theme {
  const brand = hexToRgb(findIssuer(issuerName)?.color ?? FALLBACK_BRAND);
  return {
    brand: rgb(...brand),
    tint: lighten(brand, 0.9),
    text: rgb(0.13, 0.13, 0.16),
    muted: rgb(0.42, 0.43, 0.47),
    grid: rgb(0.85, 0.86, 0.88),
    stripe: rgb(0.955, 0.96, 0.965),
    white: rgb(1, 1, 1),
    palette: [rgb(...brand), rgb(0.93, 0.6, 0.13), lighten(brand, 0.55), rgb(0.45, 0.47, 0.5)],
  };
}
