import type { ReactNode } from 'react';

interface SettingRowProps {
  label: ReactNode;
  control: ReactNode;
  /** A line under the label, e.g. why the control is fixed in this window. */
  note?: ReactNode;
}

/** A label on the left and its control on the right. */
export function SettingRow({ label, control, note }: SettingRowProps) {
  return (
    <div className="rl-setting-row">
      <span className="rl-setting-row__label">
        {label}
        {note && (
          <span className="rl-setting-row__note" data-testid="setting-note">
            {note}
          </span>
        )}
      </span>
      {control}
    </div>
  );
}
