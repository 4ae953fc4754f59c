import { useSiteStore } from '../../stores/site-store';

/** The filing (ICP) line of the cn variant, under the login form. */
export function IcpLine() {
  const variant = useSiteStore((s) => s.variant);
  const license = useSiteStore((s) => s.icpLicense);
  if (variant !== 'cn' || !license) return null;
  return (
    <p className="rl-auth-modal__icp" data-testid="icp-line">
      {license}
    </p>
  );
}
