import type { ReactNode } from 'react';

interface FilterFieldProps {
  label: string;
  /** Id of the control the label names. */
  htmlFor?: string;
  children: ReactNode;
}

/** A filter's label above its control. */
export function FilterField({ label, htmlFor, children }: FilterFieldProps) {
  return (
    <div className="rl-filter-field">
      {htmlFor ? (
        <label className="rl-filter-field__label" htmlFor={htmlFor}>
          {label}
        </label>
      ) : (
        <div className="rl-filter-field__label">{label}</div>
      )}
      {children}
    </div>
  );
}
