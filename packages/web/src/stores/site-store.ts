import type { DeployVariant } from '@rl/contract/constants';
import { create } from 'zustand';
import { userApi } from '../api/user-api';

interface SiteState {
  /** Until the server answers (or if it cannot), the e-mail variant. */
  variant: DeployVariant;
  icpLicense: string | null;
  /** Whether reports can be translated; assumed until the server says otherwise. */
  translationAvailable: boolean;
  /** Loads GET /api/pub/site once; later calls reuse the first answer. */
  load(): Promise<void>;
}

let request: Promise<void> | null = null;

/** What the deployment is: e-mail (global) or mobile (cn) signup, and the ICP filing line. */
export const useSiteStore = create<SiteState>()((set) => ({
  variant: 'global',
  icpLicense: null,
  translationAvailable: true,
  load: () => {
    request ??= userApi
      .site({ hideErrorMessage: true })
      .then((site) =>
        set({
          variant: site.deploy_variant,
          icpLicense: site.icp_license,
          translationAvailable: site.translation_available,
        }),
      )
      .catch(() => {
        request = null;
      });
    return request;
  },
}));

/** For tests: forget the loaded site. */
export function resetSiteStore(): void {
  request = null;
  useSiteStore.setState({ variant: 'global', icpLicense: null, translationAvailable: true });
}
