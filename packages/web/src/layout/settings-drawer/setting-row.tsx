import type { ReactNode } from 'react';

interface SettingRowProps {
  label: ReactNode;
  control: ReactNode;
}

/** A label on the left and its control on the right. */
export function SettingRow({ label, control }: SettingRowProps) {
  return (
    <div className="rl-setting-row">
      <span className="rl-setting-row__label">{label}</span>
      {control}
    </div>
  );
}
