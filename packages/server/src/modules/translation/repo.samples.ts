import { NOW } from '../../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../../test/sql/sample-types.js';
import { createTranslationCacheRepo, createTranslationsRepo } from './repo.js';

export const translationsSamples = {
  name: 'TranslationsRepo',
  create: createTranslationsRepo,
  methods: {
    get: [[7, 'zh-hans']],
    restart: [[7, 'zh-hans', NOW]],
    update: [[7, 'zh-hans', { status: 'finish', progress: 1, blob_sha256: '1'.repeat(64), updated_at: NOW }]],
    blobInUse: [['1'.repeat(64)]],
    jobLive: [[7, 'zh-hans']],
    lock: [[7, 'zh-hans']],
  },
} satisfies SamplesOf<typeof createTranslationsRepo>;

export const translationCacheSamples = {
  name: 'TranslationCacheRepo',
  create: createTranslationCacheRepo,
  methods: {
    get: [['zh-hans', '2'.repeat(64)]],
    put: [['zh-hans', '2'.repeat(64), '铜价上涨。', NOW]],
  },
} satisfies SamplesOf<typeof createTranslationCacheRepo>;
