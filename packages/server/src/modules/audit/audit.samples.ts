import { AUDIT_ENTRY, NOW, SAMPLE_ADMIN } from '../../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../../test/sql/sample-types.js';
import { createAuditRepo } from './audit.js';

export const auditSamples = {
  name: 'AuditRepo',
  create: createAuditRepo,
  methods: {
    write: [[SAMPLE_ADMIN, AUDIT_ENTRY, NOW]],
  },
} satisfies SamplesOf<typeof createAuditRepo>;
