import type { ReactNode } from 'react';
import './chip.css';

interface ChipProps {
  tone?: 'neutral' | 'primary' | 'cyan';
  children: ReactNode;
}

/**
 * A small label like antd's Tag, as plain markup: result lists show a hundred of them, and
 * antd's per-instance style hooks made the list measurably slower to appear.
 */
export function Chip({ tone = 'neutral', children }: ChipProps) {
  return <span className={`rl-chip rl-chip--${tone}`}>{children}</span>;
}
