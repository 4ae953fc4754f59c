import type { ContactSubmitRequest, DmcaSubmitRequest } from '@rl/contract';
import { getApi, postApi, type CallOptions } from './http-client';

/**
 * Where the security check's widget fetches its proof-of-work challenge (a self-hosted ALTCHA
 * challenge, GET). The widget solves it and hands back the solution, which the forms send as `altcha`.
 */
export const SECURITY_CHECK_CHALLENGE_URL = '/api/pub/recapcha';

/**
 * The public forms of issue 7: the DMCA complaint and contact us. Both forms show every failure
 * themselves (field errors, their own dialog or toast), so the catalogue stays out of it.
 */
export const publicFormsApi = {
  dmcaSubmit: (request: DmcaSubmitRequest, options?: CallOptions) =>
    postApi('/api/pub/dmca_submit', request, (c) => c.DmcaSubmitResponse, { catalogue: false, ...options }),

  /** The support contacts (each may be missing). */
  contacts: (options?: CallOptions) =>
    getApi('/api/pub/contact', (c) => c.SupportContactsResponse, { catalogue: false, ...options }),

  /** A logged-in user may leave out `altcha`; a visitor must send it. */
  contactSubmit: (request: ContactSubmitRequest, options?: CallOptions) =>
    postApi('/api/pub/contact_submit', request, (c) => c.ContactSubmitResponse, {
      catalogue: false,
      ...options,
    }),
};

/** Query keys of the public calls. */
export const publicFormKeys = {
  contacts: ['support-contacts'] as const,
};
