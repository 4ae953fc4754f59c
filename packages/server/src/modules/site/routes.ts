import { SiteInfoResponse } from '@rl/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import type { TranslationService } from '../translation/service.js';

/** `GET /api/pub/site`: what the web needs before anyone logs in. */
export const siteRoutes =
  (
    config: Pick<Config, 'deployVariant' | 'icpLicense'>,
    translation: Pick<TranslationService, 'available'>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/pub/site',
      {
        config: { staleTokenOk: true },
        schema: {
          tags: ['site'],
          summary: 'Deployment variant, ICP line and whether reports can be translated',
          response: { 200: SiteInfoResponse },
        },
      },
      async () => ({
        deploy_variant: config.deployVariant,
        icp_license: config.icpLicense,
        translation_available: translation.available(),
      }),
    );
  };
