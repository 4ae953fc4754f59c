import type { MouseEvent } from 'react';
import { FollowButton, type FollowButtonProps } from '../../../../components/follow/follow-button';

/** The row is one link: a click on its toggle follows without opening the report. */
const keepRow = (event: MouseEvent) => {
  event.preventDefault();
  event.stopPropagation();
};

/**
 * A result's follow toggle (its company, its broker): the issuer lists' icon toggle, loaded after
 * the first screen with the data cache it needs (result-item renders it through `lazy`).
 */
export default function ResultFollow({
  target,
  name,
  testId,
}: Pick<FollowButtonProps, 'target' | 'name' | 'testId'>) {
  return (
    <span className="rl-result__follow" onClick={keepRow}>
      <FollowButton target={target} name={name} look="icon" testId={testId} />
    </span>
  );
}
