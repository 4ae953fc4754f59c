import type { MouseEvent } from 'react';
import { FollowButton } from '../../../../components/follow/follow-button';

/** Keeps a click on the toggle from choosing the option (and the dropdown from closing). */
const keepOption = (event: MouseEvent) => {
  event.preventDefault();
  event.stopPropagation();
};

/**
 * The issuer lists' star: follows or stops following the issuer from its option row (an issuer's
 * star is a follow of it), so it lists under 'Followed' and its new reports reach my inbox. A
 * visitor is asked to log in; over my plan's limit the plans open with the reason.
 */
export function IssuerStarButton({ name }: { name: string }) {
  return (
    <span className="rl-issuer-follow" onMouseDown={keepOption} onClick={keepOption}>
      <FollowButton
        target={{ kind: 'issuer', issuer: name }}
        name={name}
        look="icon"
        testId={`issuer-star-${name}`}
      />
    </span>
  );
}
